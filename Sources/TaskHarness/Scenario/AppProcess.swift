import Foundation
import Synchronization

/// One generation of the simulated app process: its open stores, temporary files, jobs and adapters.
///
/// Everything here is in memory or holds an open connection; a death (`die()`) ends the process's life, closes the
/// stores (rolling back an open transaction) and lets the objects go. The next generation reopens the stores from
/// the files on disk.
final class AppProcess: Sendable {
    /// What handles one identifier's launches in this process: the job, the adapter around it, and the watch on the
    /// job when the adapter is the app's own.
    struct Handler: Sendable {
        let job: SyncJob
        let adapter: any LaunchHandling
        var watch: WatchedJob? = nil
    }

    let life: ProcessLife
    let store: SyncStore
    let completions: CompletionStore
    let files: TemporaryFiles
    private let makeHandler: @Sendable (String, ProcessLife, SyncJob.Stores, TemporaryFiles) -> Handler
    private let stores: SyncJob.Stores
    private let handlers = Mutex<[String: Handler]>([:])

    init(
        generation: Int, folder: ScenarioFolder, sideEffects: SideEffectLedger,
        makeHandler: @escaping @Sendable (String, ProcessLife, SyncJob.Stores, TemporaryFiles) -> Handler
    ) throws(SQLiteError) {
        life = ProcessLife(generation: generation)
        store = try SyncStore(url: folder.syncStoreURL)
        completions = try CompletionStore(url: folder.completionStoreURL)
        files = TemporaryFiles(directory: folder.temporaryFiles, process: life)
        stores = SyncJob.Stores(sync: store, completions: completions, sideEffects: sideEffects)
        self.makeHandler = makeHandler
    }

    /// The job and adapter for `identifier`, made on first use in this process.
    func handler(for identifier: String) -> Handler {
        handlers.withLock { handlers in
            if let existing = handlers[identifier] { return existing }
            let made = makeHandler(identifier, life, stores, files)
            handlers[identifier] = made
            return made
        }
    }

    /// The stores with an open transaction, by file name.
    func openTransactions() -> [String] {
        (store.isInTransaction ? [store.url.lastPathComponent] : [])
            + (completions.isInTransaction ? [completions.url.lastPathComponent] : [])
    }

    /// The process dies: nothing of it acts any more; open transactions roll back.
    func die() {
        life.end()
        store.close()
        completions.close()
        handlers.withLock { $0 = [:] }
    }
}
