import Recurrence

/// What the sync job tells its monitor it did, so the harness can check invariants against the stores.
public enum JobEvent: Sendable, Hashable {
    /// Catch-up computed the window (frozen at launch) and the occurrences due in it.
    case catchUp(window: Window, due: [Occurrence])
    /// The run's business key: the last due occurrence's dedup key, or `<name>/<cursor>` without one.
    case runKey(String)
    /// The business write committed (items, cursor, updated-at, run key).
    case committed(runKey: String, cursor: String)
    /// The store already held this run's write from an interrupted attempt: no second write.
    case reconciled(runKey: String)
    /// An interrupted attempt had written the first of this run's due occurrences (`occurrences`, up to its run key
    /// `runKey`) before more came due: their completions are now recorded (whatever becomes of the rest of the run),
    /// and only the rest is written.
    case reconciledPart(runKey: String, occurrences: [String])
    /// A scheduled run found no occurrence due: nothing to write, no side effect; only the anchor moves.
    case nothingDue
    /// Some of the due occurrences were completed by another run after this one froze its window: this run writes
    /// only the rest.
    case completedMeanwhile(occurrences: [String])
    /// Every due occurrence was completed meanwhile (by another run): nothing to write.
    case alreadyComplete(runKey: String)
    /// The side effect was asked for under `key`; `performed` is false when the outside system already had it.
    case sideEffect(key: String, performed: Bool)
    /// The completion record was written; `added` are the keys that were new.
    case completionRecorded(added: [String])
    /// The run threw at `stage` (`catch-up`, `download`, …, `complete`); `errorType` as the diagnostics log writes it.
    case failed(stage: String, errorType: String)
    /// What made it throw was the machine, not the scenario (a full disk, a file-size limit): noted before `failed`.
    case environmentFailed(EnvironmentFailure)
}
