/// Other words QA engineers write for a key (`zone` for `timezone`, `from`/`to` for a window's edges), which edit
/// distance cannot find: an unknown key that is one of them gets a did-you-mean for the key allowed at its place.
enum KeySynonyms {
    /// Each word and the keys it may stand for, in order of preference; the first one allowed at the place is offered.
    private static let keysByWord: [String: [String]] = [
        "zone": ["timezone"], "tz": ["timezone"], "time-zone": ["timezone"], "time_zone": ["timezone"],
        "timeZone": ["timezone"], "timezone-id": ["timezone"], "zone-id": ["timezone"],
        "from": ["after"], "start": ["after", "launch", "from"], "begin": ["after", "from"], "since": ["after"], "starts-after": ["after"],
        "to": ["through"], "thru": ["through"], "until": ["through"], "till": ["through"], "end": ["through"], "ends": ["through"],
        "name": ["spec"], "title": ["spec"],
        "id": ["identifier", "key"], "task-id": ["identifier"], "dedup-key": ["key"],
        "scheduled": ["planned"], "planned-at": ["planned"], "due": ["planned"],
        "ran": ["actual"], "ran-at": ["actual"], "launched": ["actual"], "launched-at": ["actual"], "started": ["actual"],
        "result": ["outcome"], "status": ["outcome"],
        "next": ["occurrences"], "expected": ["occurrences"],
        "cursor": ["after"],
        // A rule's keys: the wall time, the day of the month, the weekdays.
        // Times in steps (`at: {from: "08:00", through: "17:30", every: 30m}`): the step, the first time.
        "step": ["every"], "interval": ["every"], "increment": ["every"], "first": ["from"],
        "time": ["at"], "wall-time": ["at"], "date": ["day"], "day-of-month": ["day"],
        "days": ["on", "day"], "weekdays": ["on"], "weekday": ["on"], "days-of-week": ["on"],
        // A schedule pasted from another tool: its text goes in `rule:`, which tells the rule it means.
        "cron": ["rule"], "crontab": ["rule"], "cron-expression": ["rule"], "rrule": ["rule"], "recurrence": ["rule"],
        "recurrence-rule": ["rule"], "OnCalendar": ["rule"], "oncalendar": ["rule"], "on-calendar": ["rule"], "tzid": ["timezone"], "dtstart": ["from", "after"],
        "policy": ["nonexistent"], "gap": ["nonexistent"], "skipped": ["nonexistent"],
        "overlap-policy": ["repeated"], "fold": ["repeated"], "duplicate": ["repeated"],
        // Lifecycle scenarios: the verbs of a step, a fault's and an overlap's keys, the retry's, the log's.
        "run": ["launch"], "trigger": ["launch"], "fire": ["launch"], "execute": ["launch"], "task": ["launch"],
        // The user's own steps: swiping the app away, opening it, a new version, the refresh setting. `kill` is left to
        // the list of keys: it may mean the system's death (`terminate`) or the user's (`force-quit`).
        "quit": ["force-quit"], "swipe-away": ["force-quit"], "swipe": ["force-quit"], "force-close": ["force-quit"],
        "user-quit": ["force-quit"], "close-app": ["force-quit"],
        "open": ["open-app"], "foreground": ["open-app"], "launch-app": ["open-app"], "start-app": ["open-app"],
        "user-opens-app": ["open-app"], "bring-to-foreground": ["open-app"],
        "update": ["update-app"], "upgrade": ["update-app"], "upgrade-app": ["update-app"], "app-update": ["update-app"],
        "install": ["update-app"], "new-version": ["update-app"], "install-update": ["update-app"],
        "background-app-refresh": ["availability"], "background-refresh": ["availability"], "settings": ["availability"],
        "wait": ["advance"], "sleep": ["advance"], "elapse": ["advance"], "pass": ["advance"], "advance-by": ["advance"],
        "reason": ["error"], "error-type": ["error"], "code": ["error"], "failure": ["error"],
        "in": ["during"], "stage": ["during"], "at": ["during"],
        "earliest": ["earliest-begin"], "earliest-begin-date": ["earliest-begin"], "not-before": ["earliest-begin"],
        "initial": ["delay"], "initial-delay": ["delay"], "base": ["delay"], "base-delay": ["delay"],
        "max": ["maximum"], "max-delay": ["maximum"], "cap": ["maximum"], "multiplier": ["factor"],
        "attempts": ["max-attempts"], "retries": ["max-attempts"], "max-retries": ["max-attempts"],
        "plan": ["planned"],
        // `not-contains` is one edit from `contains`: left to edit distance it would be offered the opposite check.
        "not-contains": ["never"], "not-contain": ["never"], "does-not-contain": ["never"], "excludes": ["never"],
        "never-contains": ["never"], "absent": ["never"], "includes": ["contains"], "has": ["contains"],
        // A log text's long form.
        "count": ["lines"], "times": ["lines"], "occurrences": ["lines"], "line-count": ["lines"],
        "contains": ["text"], "message": ["text"], "line": ["text"],
    ]

    /// The key `word` most likely stands for at a place that allows `allowed`, if it is a known synonym.
    static func key(for word: String, in allowed: [String]) -> String? {
        keysByWord[word]?.first { allowed.contains($0) }
    }
}
