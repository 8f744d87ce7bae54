// Runs the sync job once against the stores in a scenario folder and SIGKILLs its own process at a checkpoint,
// so TaskHarnessTests can check what a real process death leaves on disk and that the retry reconciles it.
//
// usage: harness-crash-helper --folder PATH --kill-at after-write|during-write [--items 42,43 | --item-count N] [--clock RFC3339]
//
// `--item-count N` writes the items item-1 … item-N: a batch too large for SQLite's page cache, whose uncommitted
// pages reach the files before the kill (a command-line argument holds at most 128 KiB of `--items`).
import Foundation
import TaskHarness

/// Kills this process, with no cleanup, when the job reaches the chosen checkpoint.
struct SelfKill: JobMonitor {
    let point: Checkpoint

    func checkpoint(_ reached: Checkpoint, identifier: String) async throws {
        if reached == point { kill(getpid(), SIGKILL) }
    }

    func note(_ event: JobEvent, identifier: String) {}
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("harness-crash-helper: \(message)\n".utf8))
    exit(2)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard name.hasPrefix("--"), let value = arguments.popFirst() else { fail("expected '--name value' pairs, got '\(name)'") }
    options[String(name.dropFirst(2))] = value
}
guard let folderPath = options["folder"] else { fail("missing --folder PATH") }
let point: Checkpoint = switch options["kill-at"] {
case "after-write": .afterWrite
case "during-write": .during(.write)
default: fail("--kill-at must be after-write or during-write")
}
let items: [String]
if let count = options["item-count"] {
    guard let number = Int(count), (1...10_000_000).contains(number) else {
        fail("--item-count must be a whole number from 1 to 10000000, got '\(count)'")
    }
    items = (1...number).map { "item-\($0)" }
} else {
    items = (options["items"] ?? "42,43").split(separator: ",").map(String.init)
}
guard let start = ISO8601DateFormatter().date(from: options["clock"] ?? "2027-03-31T02:00:00Z") else {
    fail("--clock must be an RFC 3339 instant with an offset")
}

do {
    let folder = try ScenarioFolder(existing: URL(fileURLWithPath: folderPath))
    let stores = SyncJob.Stores(
        sync: try SyncStore(url: folder.syncStoreURL),
        completions: try CompletionStore(url: folder.completionStoreURL),
        sideEffects: try SideEffectLedger(url: folder.sideEffectLedgerURL))
    let job = SyncJob(
        identifier: "com.example.app.refresh", source: StubItemSource(items: items), stores: stores,
        clock: try ManualClock(start: start), files: TemporaryFiles(directory: folder.temporaryFiles), monitor: SelfKill(point: point))
    try await job.run()
} catch {
    fail("the job failed before the kill point: \(error)")
}
fail("the job finished without reaching \(point)")
