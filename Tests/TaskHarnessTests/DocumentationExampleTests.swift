import Foundation
import Recurrence
import Testing
import TaskHarness

/// The API walk-through of docs/harness.md, compiled and run, so the page cannot drift from the harness. The doc's
/// placeholders (`plistURL`, `clock`, `schedule`, `id`, `t`) get real values; the calls are the doc's, in its order.
@Suite("docs/harness.md example")
struct HarnessDocumentationExampleTests {
    @Test func theWalkThroughCompilesAndRuns() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-harness-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plistURL = folder.appendingPathComponent("Info.plist")
        let plist: [String: Any] = [
            "BGTaskSchedulerPermittedIdentifiers": ["com.example.app.refresh"], "UIBackgroundModes": ["fetch"],
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: plistURL)
        let clock = instant("2027-03-29T00:00:00+02:00")
        let schedule = try Schedule(
            id: "nightly-sync", rule: .daily(at: TimeOfDay(hour: 2, minute: 30)!),
            timeZone: TimeZone(identifier: "Europe/Berlin")!, nonexistent: .skip, repeated: .first)
        let id = "com.example.app.refresh"

        // From here on, the doc's lines.
        let configuration = LifecycleConfiguration(
            tasks: [.init(identifier: "com.example.app.refresh", kind: .refresh)],
            gate: try StaticGate(infoPlistAt: plistURL),
            clockStart: clock,
            items: ["42", "43"],
            stages: [.download, .parse, .write],
            schedule: ScheduleOccurrences(schedule))
        let simulation = try await LifecycleSimulation(configuration)

        var t = instant("2027-03-29T02:31:00+02:00")
        try await simulation.launch(id, at: t, plan: LaunchPlan(expireDuring: .parse))
        t = instant("2027-03-30T04:00:00+02:00")
        try await simulation.launch(id, at: t, plan: LaunchPlan(fault: InjectedFault(stage: .write, errorType: "disk-full")))
        t = instant("2027-03-31T04:00:00+02:00")
        try await simulation.launch(id, at: t, plan: LaunchPlan(interrupt: .afterWrite))
        t = instant("2027-03-31T05:00:00+02:00")
        try await simulation.advance(to: t)
        _ = try await simulation.register(id)
        _ = try await simulation.submit(id, earliestBeginDate: t)
        await simulation.cancel(id); await simulation.cancelAll()
        try await simulation.relaunch(registering: nil)
        await simulation.terminate()
        await simulation.setItems(["42", "43", "44"])

        let report = await simulation.finish()
        // The three launches of the spec-language example before its retry: expired, failed, killed.
        #expect(report.completed == [.failure, .failure, .killed])
    }
}
