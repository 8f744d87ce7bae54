import Foundation
import Recurrence

/// What the app side did and saw during one launch: the job's events and the store before and after.
public struct JobRunRecord: Sendable, Hashable {
    public let launch: Int
    public let identifier: String
    public let plan: LaunchPlan
    /// The committed store state when the launch began and when its handler returned.
    public var storeBefore: StoreSnapshot?
    public var storeAfter: StoreSnapshot?
    /// The committed store state when the last launch this one overlapped had ended: what a reader must still see
    /// at a later fault of this launch (the other launch's commit is not this one's to undo).
    public var storeAfterOverlaps: StoreSnapshot?
    /// The cursor the source would give at this launch (what a commit must store).
    public var expectedCursor: String?
    /// The schedule in effect when the launch began (`ScheduleTimeline.revision`: 0 until a schedule change).
    public var scheduleRevision = 0
    /// Catch-up: the frozen window and the due occurrences.
    public var window: Window?
    public var due: [Occurrence] = []
    public var runKey: String?
    public var committed = false
    public var reconciled = false
    /// The run keys of earlier attempts this run reconciled whole (it records their completions when it completes).
    public var reconciledKeys: [String] = []
    /// The run keys of earlier attempts that wrote part of this run's due occurrences; their completions were
    /// recorded before this run wrote the rest, so they hold even if this run then failed.
    public var reconciledPartKeys: [String] = []
    /// The due occurrences an earlier attempt had written, which this run recorded instead of writing again.
    public var reconciledOccurrences: [String] = []
    /// The due occurrences another run completed after this one froze its window, which this run left out.
    public var completedMeanwhile: [String] = []
    public var alreadyComplete = false
    /// A scheduled run with no occurrence due: it had nothing to write.
    public var nothingDue = false
    public var sideEffectRequests: [String] = []
    public var completionRecorded = false
    public var completionAdded: [String] = []
    /// Where and why the job threw (`<stage>: <error type>`, the words of its log line); nil when it did not.
    public var failure: String?
    /// The machine made the job throw (a full disk, a file-size limit): the scenario cannot be judged.
    public var environmentFailure: EnvironmentFailure?
    /// The first `setTaskCompleted(success: true)` came before the job committed (or reconciled, or found its work done).
    public var successBeforeCommit = false
    public var expiredDuring: JobStage?
    public var faultInjected: InjectedFault?
    /// At the fault: whether a separate reader saw exactly the state from before the launch (nil: no fault).
    public var oldDataReadableDuringFault: Bool?
    public var readDuringFaultDetail: String?
    public var interruptedAt: Checkpoint?
    /// The process died while this launch's job was still working (an interrupt, or a suspension of work in flight):
    /// it could not clean up, and the next run sweeps what it left.
    public var processDiedDuringRun = false
    /// Launches the system started while this one ran (overlaps).
    public var nestedLaunches: [Int] = []
    /// Temporary files present when the handler returned that were not there when it was called: this launch's own
    /// leftovers, not those of a launch it overlaps or of a dead process the next run has yet to sweep.
    public var temporaryFilesAfter: Int?

    /// Whether the run did what a success must mean: committed, reconciled an interrupted commit (its completion
    /// recorded: a reconciliation that failed before it left the occurrence to reconcile again), found it done, or
    /// found nothing due.
    public var didItsWork: Bool { committed || reconciled && completionRecorded || alreadyComplete || nothingDue }
}
