import Foundation
import Testing
import TaskHarness

/// An app's code that logs `error.localizedDescription` gets the harness's one-sentence message, not "error 0".
@Suite struct ErrorMessageTests {
    static let at = Date(timeIntervalSince1970: 1_806_280_200)   // 2027-03-29T00:30:00Z

    @Test("localizedDescription is the message", arguments: [
        SchedulerError(code: .noPendingRequest, identifier: "com.example.app.refresh", at: at, message: "submit a request") as any Error,
        ClockError.negativeDuration(.seconds(-1)),
        TaskRequestError.floorOutOfRange(identifier: "com.example.app.refresh", secondsSince1970: 1e300),
        LifecycleError.finished,
        StaticGateError(path: "Info.plist", reason: "not a property list; check the file"),
    ] as [any Error])
    func localizedDescriptionIsTheMessage(error: any Error) {
        #expect(error.localizedDescription == "\(error)")
        #expect(!error.localizedDescription.contains("operation could not be completed"))
    }
}
