/// Other words QA engineers write for a key (`zone` for `timezone`, `from`/`to` for a window's edges), which edit
/// distance cannot find: an unknown key that is one of them gets a did-you-mean for the key allowed at its place.
enum KeySynonyms {
    /// Each word and the keys it may stand for, in order of preference; the first one allowed at the place is offered.
    private static let keysByWord: [String: [String]] = [
        "zone": ["timezone"], "tz": ["timezone"], "time-zone": ["timezone"], "time_zone": ["timezone"],
        "timeZone": ["timezone"], "timezone-id": ["timezone"], "zone-id": ["timezone"],
        "from": ["after"], "start": ["after"], "begin": ["after"], "since": ["after"], "starts-after": ["after"],
        "to": ["through"], "until": ["through"], "till": ["through"], "end": ["through"], "ends": ["through"],
        "name": ["spec"], "title": ["spec"],
        "id": ["identifier", "key"], "task-id": ["identifier"], "dedup-key": ["key"],
        "scheduled": ["planned"], "planned-at": ["planned"], "due": ["planned"],
        "ran": ["actual"], "ran-at": ["actual"], "launched": ["actual"], "launched-at": ["actual"], "started": ["actual"],
        "result": ["outcome"], "status": ["outcome"],
        "next": ["occurrences"], "expected": ["occurrences"],
        "cursor": ["after"],
        "policy": ["nonexistent"], "gap": ["nonexistent"], "skipped": ["nonexistent"],
        "overlap-policy": ["repeated"], "fold": ["repeated"], "duplicate": ["repeated"],
    ]

    /// The key `word` most likely stands for at a place that allows `allowed`, if it is a known synonym.
    static func key(for word: String, in allowed: [String]) -> String? {
        keysByWord[word]?.first { allowed.contains($0) }
    }
}
