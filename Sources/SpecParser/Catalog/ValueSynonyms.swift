/// Other words QA engineers write for a closed-set value (`twice` for `both`, `clamp` for `last-day`), which edit
/// distance cannot find: an unknown value that is one of them gets a did-you-mean for the value allowed there.
enum ValueSynonyms {
    /// Each word and the values it may stand for, in order of preference; the first one allowed is offered.
    private static let valuesByWord: [String: [String]] = [
        "twice": ["both"], "all": ["both"], "each": ["both"],
        "earlier": ["first"], "earliest": ["first"], "later": ["last"], "latest": ["last"],
        "clamp": ["last-day"], "clip": ["last-day"], "last": ["last-day"], "end-of-month": ["last-day"], "end": ["last-day"],
        "skip-gap": ["skip"], "drop": ["skip"], "omit": ["skip"],
        "next": ["next-valid-time"], "next-valid": ["next-valid-time"], "after-gap": ["next-valid-time"],
        "forward": ["shift-forward"], "backward": ["shift-backward"],
        "success": ["completed", "true", "on-success"], "succeeded": ["completed", "true"], "ok": ["completed", "true"],
        "failure": ["failed", "false"], "fail": ["failed", "false"], "yes": ["true"], "no": ["false"],
        "failed": ["false"], "expired": ["false"], "crashed": ["killed"], "died": ["killed"], "kill": ["killed"],
        "bgapprefreshtask": ["refresh", "fetch"], "app-refresh": ["refresh", "fetch"], "bgprocessingtask": ["processing"],
        "background-fetch": ["fetch"], "background-refresh": ["fetch"], "refresh": ["fetch"],
        "background-processing": ["processing"],
        // When a retry's count of attempts starts over.
        "per-occurrence": ["on-new-occurrence"], "each-occurrence": ["on-new-occurrence"], "occurrence": ["on-new-occurrence"],
        "new-occurrence": ["on-new-occurrence"], "nightly": ["on-new-occurrence"], "per-run": ["on-new-occurrence"],
        // Background App Refresh's setting, as Settings shows it.
        "off": ["refresh-disabled"], "disabled": ["refresh-disabled"], "refresh-off": ["refresh-disabled"],
        "on": ["available"], "enabled": ["available"], "refresh-on": ["available"],
        "none": ["no-occurrence"], "no-occurrences": ["no-occurrence"], "not-found": ["no-occurrence"],
        // The rule's period in the languages of the teams that write specs most (French, Russian, Chinese, Japanese): `jour`
        // was offered `hour`, one letter away.
        "jour": ["day"], "quotidien": ["day"], "день": ["day"], "ежедневно": ["day"], "天": ["day"], "日": ["day"],
        "每天": ["day"], "每日": ["day"], "毎日": ["day"], "daily": ["day"], "毎週": ["week"], "毎月": ["month"],
        "毎年": ["year"], "毎時": ["hour"],
        "semaine": ["week"], "неделя": ["week"], "周": ["week"], "星期": ["week"], "每周": ["week"], "weekly": ["week"],
        "mois": ["month"], "месяц": ["month"], "月": ["month"], "每月": ["month"], "monthly": ["month"],
        "an": ["year"], "année": ["year"], "annee": ["year"], "год": ["year"], "年": ["year"], "每年": ["year"],
        "yearly": ["year"], "annual": ["year"],
        "heure": ["hour"], "час": ["hour"], "小时": ["hour"], "时": ["hour"], "hourly": ["hour"],
        "intervalle": ["interval"], "интервал": ["interval"], "间隔": ["interval"],
        // The job's stages, likewise (`stage: запись` was offered nothing).
        "téléchargement": ["download"], "загрузка": ["download"], "скачивание": ["download"], "下载": ["download"],
        "analyse": ["parse"], "разбор": ["parse"], "парсинг": ["parse"], "解析": ["parse"],
        "écriture": ["write"], "ecriture": ["write"], "запись": ["write"], "写入": ["write"], "書き込み": ["write"],
    ]

    /// The allowed value `word` most likely stands for, if it is a known synonym (any case).
    static func value(for word: String, in allowed: [String]) -> String? {
        valuesByWord[word.lowercased()]?.first { allowed.contains($0) }
    }
}
