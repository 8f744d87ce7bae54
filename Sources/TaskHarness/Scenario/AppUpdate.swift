import Foundation

/// A new version of the app, installed on the device (`LifecycleSimulation.updateApp`): each value given replaces the
/// old version's from the next process start on; nil keeps it. The system keeps the app's pending requests and the
/// device keeps its stores.
public struct AppUpdate: Sendable, Hashable {
    /// What the new version registers at every start, in order.
    public var startupRegistrations: [String]?
    /// What the new version registers at a start in the background, when that differs.
    public var backgroundRegistrations: [String]?
    /// The new Info.plist's `BGTaskSchedulerPermittedIdentifiers` and `UIBackgroundModes`.
    public var permittedIdentifiers: [String]?
    public var backgroundModes: [String]?
    public var adapter: LifecycleConfiguration.Adapter?
    public var jobFlaws: Set<SyncJob.Flaw>?
    public var submitsAtStartup: Bool?
    public var resubmitsAfterLaunch: Bool?

    public init(startupRegistrations: [String]? = nil, backgroundRegistrations: [String]? = nil, permittedIdentifiers: [String]? = nil, backgroundModes: [String]? = nil,
                adapter: LifecycleConfiguration.Adapter? = nil, jobFlaws: Set<SyncJob.Flaw>? = nil,
                submitsAtStartup: Bool? = nil, resubmitsAfterLaunch: Bool? = nil) {
        self.startupRegistrations = startupRegistrations
        self.backgroundRegistrations = backgroundRegistrations
        self.permittedIdentifiers = permittedIdentifiers
        self.backgroundModes = backgroundModes
        self.adapter = adapter
        self.jobFlaws = jobFlaws
        self.submitsAtStartup = submitsAtStartup
        self.resubmitsAfterLaunch = resubmitsAfterLaunch
    }
}

/// What the installed version of the app does: the configuration's at first, an update's from its next start on.
struct AppBuild: Sendable {
    var adapter: LifecycleConfiguration.Adapter
    var jobFlaws: Set<SyncJob.Flaw>
    var submitsAtStartup: Bool
    var resubmitsAfterLaunch: Bool

    init(_ configuration: LifecycleConfiguration) {
        adapter = configuration.adapter
        jobFlaws = configuration.jobFlaws
        submitsAtStartup = configuration.submitsAtStartup
        resubmitsAfterLaunch = configuration.resubmitsAfterLaunch
    }

    mutating func apply(_ update: AppUpdate) {
        if let adapter = update.adapter { self.adapter = adapter }
        if let flaws = update.jobFlaws { jobFlaws = flaws }
        if let flag = update.submitsAtStartup { submitsAtStartup = flag }
        if let flag = update.resubmitsAfterLaunch { resubmitsAfterLaunch = flag }
    }
}
