import Foundation

/// Whether Foundation knows the world's time zones before a command needs them. Foundation's zones come from the
/// ICU data the toolchain carries, unless `ICU_TIMEZONE_FILES_DIR` names a folder: then ICU reads that folder's
/// `zoneinfo64.res`, and a folder without it leaves Foundation with no zone at all — every spec's zone unknown, and
/// `Etc/UTC` missing made specrun trap. Refused once, before anything is read, with what to change.
enum ZoneDatabaseCheck {
    static let variable = "ICU_TIMEZONE_FILES_DIR"

    /// The error to print, or nil when Foundation knows UTC and at least one named zone.
    /// - Parameter environment: the process environment (injected: it names the folder in the message).
    static func problem(environment: [String: String]) -> String? {
        guard TimeZone.knownTimeZoneIdentifiers.isEmpty || TimeZone(identifier: "Etc/UTC") == nil else { return nil }
        let cause: String
        if let folder = environment[variable], !folder.isEmpty {
            cause = "\(variable) is set to '\(folder)', and ICU finds no time-zone files there (zoneinfo64.res); "
                + "unset it to use the toolchain's own zone data, or point it at a folder that holds ICU's zone files"
        } else {
            cause = "the toolchain's ICU data holds no zones; reinstall the Swift toolchain (its Foundation carries the zone data)"
        }
        return "Foundation knows no time zones on this machine (not even UTC), so no spec's zone can be read: " + cause + "."
    }
}
