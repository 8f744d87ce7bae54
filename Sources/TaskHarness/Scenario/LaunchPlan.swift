/// What the scenario makes happen inside one launch, at the job's checkpoints.
///
/// Several may be combined; at one checkpoint they act in this order: overlap, expire, fail, interrupt.
public struct LaunchPlan: Sendable, Hashable {
    /// Another task the system launches while this one is inside a stage.
    public struct Overlap: Sendable, Hashable {
        public let identifier: String
        public let during: JobStage

        public init(identifier: String, during: JobStage) {
            self.identifier = identifier
            self.during = during
        }
    }

    /// `expire: during <stage>`: the system expires the task while that stage runs.
    public var expireDuring: JobStage?
    /// `fail: {stage, error}`: the stage fails with that error type.
    public var fault: InjectedFault?
    /// `interrupt: after-write` (or `during <stage>`): the process dies there.
    public var interrupt: Checkpoint?
    /// The system launches another task during a stage of this one.
    public var overlap: Overlap?

    public init(expireDuring: JobStage? = nil, fault: InjectedFault? = nil, interrupt: Checkpoint? = nil, overlap: Overlap? = nil) {
        self.expireDuring = expireDuring
        self.fault = fault
        self.interrupt = interrupt
        self.overlap = overlap
    }
}
