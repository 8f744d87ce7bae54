/// The monitor the simulation gives each job: checkpoints go to the simulation, events to the journal.
final class SimulationMonitor: JobMonitor {
    private weak let simulation: LifecycleSimulation?
    private let journal: RunJournal

    init(simulation: LifecycleSimulation, journal: RunJournal) {
        self.simulation = simulation
        self.journal = journal
    }

    func checkpoint(_ point: Checkpoint, identifier: String) async throws {
        guard let simulation else { throw ProcessDeath() }
        try await simulation.reach(point, identifier: identifier)
    }

    func note(_ event: JobEvent, identifier: String) {
        journal.updateActive(identifier) { record in
            switch event {
            case .catchUp(let window, let due):
                record.window = window
                record.due = due
            case .runKey(let key):
                record.runKey = key
            case .committed:
                record.committed = true
            case .reconciled(let key):
                record.reconciled = true
                record.reconciledKeys.append(key)
            case .reconciledPart(let key, let occurrences):
                record.reconciledPartKeys.append(key)
                record.reconciledOccurrences += occurrences
            case .alreadyComplete:
                record.alreadyComplete = true
            case .nothingDue:
                record.nothingDue = true
            case .completedMeanwhile(let occurrences):
                record.completedMeanwhile = occurrences
            case .sideEffect(let key, _):
                record.sideEffectRequests.append(key)
            case .completionRecorded(let added):
                record.completionRecorded = true
                record.completionAdded = added
            case .failed(let stage, let errorType):
                record.failure = "\(stage): \(errorType)"
            case .environmentFailed(let failure):
                record.environmentFailure = failure
            }
        }
    }
}
