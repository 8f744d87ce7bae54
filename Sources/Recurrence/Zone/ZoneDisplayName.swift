import Foundation

/// The name specrun shows a person for a zone: in messages, results and reports, and `specrun explain`.
///
/// A zone's identifier, except for UTC: a spec writes `UTC` (what the docs tell authors to write for a clock without
/// offset changes), but Foundation turns the identifier `UTC` into `GMT`, so the parser resolves both `UTC` and
/// `Etc/UTC` to the zone `Etc/UTC` (whose name and TZif abbreviation stay UTC), and that identifier is not the name the
/// author wrote. Both spellings are the same zone; it shows as `UTC`.
///
/// For people only: look up zone files, abbreviations and offsets by `TimeZone.identifier`, which names the zone
/// Foundation and tzdata know (`TimeZone(identifier: "UTC")` is Foundation's `GMT`).
public enum ZoneDisplayName {
    /// `Europe/Berlin` for Europe/Berlin, `UTC` for Etc/UTC.
    public static func of(_ zone: TimeZone) -> String {
        zone.identifier == "Etc/UTC" ? "UTC" : zone.identifier
    }
}
