import Foundation

/// The process's limit on open files (`ulimit -n`), made sure of before anything else runs.
///
/// Below about 20 descriptors specrun's own threads and the git probe run out: libdispatch then traps on a failed
/// `timerfd_create` (SIGILL, no results file) or the results file cannot be opened. A limit that low is a soft limit
/// someone lowered, or a container's hard one: the soft limit is raised towards `wanted` as far as the hard limit
/// allows (as Go's runtime does at start), and a hard limit under `minimum` is refused with the command to fix it,
/// before the run starts, rather than a crash in the middle.
public enum OpenFileLimit {
    /// Below this, specrun refuses to start: the threads of a `--jobs` run, a lifecycle scenario's SQLite files and
    /// journals, the spec file being read, the git probe's pipes and the results file all need descriptors.
    public static let minimum = 64
    /// The soft limit specrun raises to when it can: room for every lifecycle scenario of a 64-core `--jobs` run.
    public static let wanted = 4096

    /// The soft limit to set for the `soft` and `hard` limits (nil: unlimited), or nil to leave it as it is.
    public static func raisedSoftLimit(soft: Int?, hard: Int?) -> Int? {
        SoftLimit.raised(soft: soft, hard: hard, wanted: wanted)
    }

    /// The error for a limit that stays under `minimum` after raising, or nil.
    public static func problem(softLimitAfterRaising soft: Int?) -> String? {
        guard let soft, soft < minimum else { return nil }
        return "the limit on open files is \(soft) (ulimit -n) and cannot be raised further here; specrun needs at least \(minimum): raise it to \(wanted) ('ulimit -n \(wanted)' where the hard limit allows, 'docker run --ulimit nofile=\(wanted)' for a container) and run specrun again"
    }

    /// Raises this process's soft limit; returns the error to print when it stays under `minimum`.
    public static func prepareProcess() -> String? {
        problem(softLimitAfterRaising: SoftLimit.raise(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), toward: wanted))
    }
}
