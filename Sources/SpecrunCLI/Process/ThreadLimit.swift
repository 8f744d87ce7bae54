internal import CThreadDefaults
import Foundation
import SpecRunner

/// Whether the system lets specrun start threads, made sure of before anything else runs.
///
/// Under an address-space limit too small for another thread's stack (`ulimit -v 250000`) or a process limit a user
/// has used up (`ulimit -u`), threads are refused. specrun's workers then never started and the run waited for them
/// at 0 % CPU for ever; libdispatch, refused a thread, retries for ever too. So a thread is started (and waited for)
/// at start, and a refusal ends specrun at once with the limit to raise; a refusal later, mid-run, ends the run with
/// every test not run and the same advice (`PlanExecution.Stop.noThreads`).
public enum ThreadLimit {
    /// The error to print when the system refuses the threads a small run needs now, or nil: one per core (the
    /// default `--jobs`) up to four, and the coordinator's, all alive at once as in a run, so that their stacks are
    /// reserved together. Not more: on a 64-core machine a limit that refuses the 65th thread still runs `--jobs 4`,
    /// and a run meets a refusal past the first thread by going on with the threads it has.
    public static func prepareProcess(threads: Int = min(ProcessInfo.processInfo.activeProcessorCount, 4) + 1) -> String? {
        boundMallocArenasUnderAnAddressSpaceLimit()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        var running = 0
        var refused: Int32 = 0
        for _ in 0..<max(1, threads) {
            refused = WorkerThread.start {
                started.signal()
                release.wait()
            }
            if refused != 0 { break }
            running += 1
        }
        for _ in 0..<running { started.wait() }
        // With the threads' stacks reserved, the memory a small run needs beside them: a limit just above the stacks
        // let every thread start and then failed the first allocations (ICU's regular expressions: a trap on a `try!`,
        // or "failed to allocate 48 bytes", under `ulimit -v 100000` with the debug build).
        let headroom = refused == 0 ? reserveHeadroom() : 0
        for _ in 0..<running { release.signal() }
        if refused != 0 { return problem(refused) }
        return headroom == 0 ? nil : "the limit on virtual memory (ulimit -v: \(limit(__rlimit_resource_t(RLIMIT_AS.rawValue), unit: 1024, unitName: "KB"))) "
            + "leaves too little memory beside the threads' stacks (\(String(cString: strerror(headroom)))), so specrun cannot run; "
            + "raise it by \(headroomBytes >> 20) MB or more"
    }

    /// Address space a small run uses beyond its threads' stacks (its heap, ICU's data), kept free at start. The debug
    /// build started every thread from about 90,000 KB and ran `explain` and a one-spec run from about 110,000 KB.
    static let headroomBytes = 24 << 20

    /// Zero when `headroomBytes` of address space can be mapped (and is released at once), else the `errno`.
    private static func reserveHeadroom() -> Int32 {
        var value = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &value) == 0, value.rlim_cur != rlim_t.max else { return 0 }
        guard let reserved = mmap(nil, headroomBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              reserved != MAP_FAILED else { return errno }
        munmap(reserved, headroomBytes)
        return 0
    }

    /// How many malloc arenas a process under an address-space limit may have.
    static let arenasUnderALimit: Int32 = 1

    /// Under `ulimit -v`, glibc's malloc gives each new thread an arena of its own, reserving 64 MB of address space
    /// each, up to eight per core: whether a thread's stack still fit depended on how many arenas threads had made
    /// first, so `ulimit -v 300000` refused threads in three runs of four while 150000 and 200000 always ran (a docs
    /// audit saw it; `MALLOC_ARENA_MAX=2` ran every time). With a limit, arenas are capped before any thread starts, so
    /// a limit that runs once runs every time, and a higher one too. Without a limit nothing changes. One, the main
    /// arena: capped at two, 175,000–200,000 KB was still refused in 32 runs of 1,200 with two runs at once (whether the
    /// second arena was mapped before the headroom check; `ThreadLimitTests` failed once in a full test run), and each
    /// run spent 200 ms of system time on arenas glibc tried and failed to map.
    static func boundMallocArenasUnderAnAddressSpaceLimit() {
        var value = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &value) == 0, value.rlim_cur != rlim_t.max else { return }
        _ = specrun_limit_malloc_arenas(arenasUnderALimit)
    }

    /// What to say when the system refused a thread with `code`. It offers no fewer `--jobs`: the check at start
    /// starts its threads before the options are read, and a run stops for this only when no worker at all started.
    public static func problem(_ code: Int32) -> String {
        "the system refuses to start a thread (\(String(cString: strerror(code)))), so specrun cannot run: the limit on "
            + "virtual memory (ulimit -v: \(limit(__rlimit_resource_t(RLIMIT_AS.rawValue), unit: 1024, unitName: "KB"))) or on processes and threads "
            + "(ulimit -u: \(limit(__rlimit_resource_t(__RLIMIT_NPROC.rawValue), unit: 1, unitName: ""))) is too low; raise it (each thread needs an "
            + "\(WorkerThread.stackSize >> 20) MB stack)"
    }

    private static func limit(_ resource: __rlimit_resource_t, unit: rlim_t, unitName: String) -> String {
        var value = rlimit()
        guard getrlimit(resource, &value) == 0, value.rlim_cur != rlim_t.max else { return "unlimited" }
        return "\(value.rlim_cur / unit)" + (unitName.isEmpty ? "" : " \(unitName)")
    }
}
