import Foundation

/// A process resource limit's soft value raised towards what specrun wants, as far as the hard limit allows (as Go's
/// runtime does for open files at start): `OpenFileLimit` (`ulimit -n`) and `StackLimit` (`ulimit -s`) at start.
enum SoftLimit {
    /// The soft limit to set for `soft` and `hard` (nil: unlimited), or nil to leave it: never lowered.
    static func raised(soft: Int?, hard: Int?, wanted: Int) -> Int? {
        guard let soft, soft < wanted else { return nil }
        let target = min(wanted, hard ?? wanted)
        return target > soft ? target : nil
    }

    /// Raises `resource`'s soft limit towards `wanted`; the soft limit after (nil: unlimited, or unreadable).
    @discardableResult
    static func raise(_ resource: __rlimit_resource_t, toward wanted: Int) -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        // RLIM_INFINITY is all ones: past Int.max, read as unlimited.
        func value(_ raw: rlim_t) -> Int? { raw > rlim_t(Int.max) ? nil : Int(raw) }
        let soft = value(limit.rlim_cur)
        guard let target = raised(soft: soft, hard: value(limit.rlim_max), wanted: wanted) else { return soft }
        limit.rlim_cur = rlim_t(target)
        return setrlimit(resource, &limit) == 0 ? target : soft
    }
}
