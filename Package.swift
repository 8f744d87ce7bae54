// swift-tools-version: 6.0
// specrun: YAML specs of time-zone-correct schedules and background-task lifecycles, checked on Linux.
// The layout follows docs/architecture.md: each target holds one concern, and the data flows
// SpecYAML → SpecParser → SpecRunner (Recurrence, TaskHarness) → SpecResults → SpecReporters.
import PackageDescription

let package = Package(
    name: "specrun",
    products: [
        .executable(name: "specrun", targets: ["specrun"]),
        .library(name: "Recurrence", targets: ["Recurrence"]),
        .library(name: "TaskHarness", targets: ["TaskHarness"]),
    ],
    targets: [
        // C libraries from Debian, wrapped once each.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // sync_file_range(2), which Glibc's Swift module leaves out: results files start reaching the disk as written.
        .systemLibrary(name: "CWriteback"),
        // pthread_{get,set}attr_default_np, which it leaves out too: the stack of threads libdispatch starts.
        .systemLibrary(name: "CThreadDefaults"),

        // Leaf concerns.
        .target(name: "SpecDiagnostics"),
        .target(name: "SpecYAML", dependencies: ["CYAML", "SpecDiagnostics"]),
        .target(name: "Recurrence"),
        // Secrets masked wherever text leaves: the harness's diagnostics log and every report.
        // `_FoundationICU` is the toolchain's own ICU, which Foundation links already: named for the linker, as its
        // module map does not.
        .target(name: "BoundedRegex", linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        .target(name: "TextRedaction", dependencies: ["BoundedRegex"]),
        .target(name: "TaskHarness", dependencies: ["Recurrence", "CSQLite", "TextRedaction"]),
        .target(name: "SpecResults", dependencies: ["SpecDiagnostics", "TextRedaction"]),

        // Spec files → plans → results → reports.
        .target(name: "SpecModel", dependencies: ["SpecDiagnostics", "Recurrence"]),
        .target(name: "SpecParser", dependencies: ["SpecDiagnostics", "SpecYAML", "SpecModel", "Recurrence"]),
        .target(name: "SpecLint", dependencies: ["SpecModel", "Recurrence", "SpecDiagnostics"]),
        .target(name: "SpecRunner", dependencies: ["SpecModel", "Recurrence", "TaskHarness", "SpecResults", "SpecDiagnostics", "BoundedRegex"]),
        .target(name: "SpecReporters", dependencies: ["SpecResults", "SpecDiagnostics"]),
        .target(name: "SpecrunCLI", dependencies: [
            "SpecDiagnostics", "SpecYAML", "SpecModel", "SpecParser", "SpecLint", "Recurrence", "TaskHarness",
            "SpecResults", "SpecRunner", "SpecReporters", "TextRedaction", "CWriteback",
            "CThreadDefaults", "BoundedRegex",
        ]),
        .executableTarget(name: "specrun", dependencies: ["SpecrunCLI"]),
        // Runs the sync job in a child process that SIGKILLs itself at a checkpoint (TaskHarnessTests' real crash).
        .executableTarget(name: "harness-crash-helper", dependencies: ["TaskHarness"]),

        // Benchmarks print numbers; they are never timed unit tests (run with -c release).
        .executableTarget(
            name: "specrun-bench",
            dependencies: ["Recurrence", "SpecYAML", "SpecParser", "SpecRunner", "SpecModel", "SpecResults", "SpecDiagnostics"],
            path: "bench/specrun-bench"
        ),

        // The ```swift blocks of docs/recurrence.md and docs/harness.md as programs, so `swift build` compiles the
        // pages' examples; DocExampleTests keeps them equal to the pages and compares what they print.
        .executableTarget(name: "recurrence-doc-examples", dependencies: ["Recurrence"], path: "Examples/recurrence-doc-examples"),
        .executableTarget(name: "harness-doc-examples", dependencies: ["Recurrence", "TaskHarness"], path: "Examples/harness-doc-examples"),

        // Test support shared by test targets: a JSON Schema validator (results schema, spec schema) and the
        // YAML 1.2 core-schema typing editors use. Not a product; only tests import it.
        .target(name: "JSONSchemaTesting", dependencies: ["SpecYAML"], path: "Tests/JSONSchemaTesting"),

        .testTarget(name: "SpecYAMLTests", dependencies: ["SpecYAML"]),
        .testTarget(name: "RecurrenceTests", dependencies: ["Recurrence"]),
        .testTarget(name: "DocExampleTests", dependencies: ["recurrence-doc-examples", "harness-doc-examples"]),
        .testTarget(name: "BoundedRegexTests", dependencies: ["BoundedRegex"]),
        .testTarget(name: "TextRedactionTests", dependencies: ["TextRedaction"]),
        .testTarget(name: "TaskHarnessTests", dependencies: ["TaskHarness", "Recurrence", "TextRedaction", "harness-crash-helper"]),
        .testTarget(name: "SpecParserTests", dependencies: ["SpecParser", "SpecModel", "SpecYAML", "SpecDiagnostics", "Recurrence", "JSONSchemaTesting"],
                    exclude: ["Invalid", "ForeignRules"]),
        .testTarget(name: "SpecLintTests", dependencies: ["SpecLint", "SpecParser", "SpecModel", "SpecDiagnostics", "Recurrence", "TaskHarness", "SpecResults"]),
        .testTarget(name: "SpecRunnerTests", dependencies: ["SpecRunner", "SpecParser", "SpecLint", "SpecModel", "SpecResults", "Recurrence", "TaskHarness"]),
        .testTarget(
            name: "SpecReportersTests", dependencies: ["SpecReporters", "SpecResults", "SpecDiagnostics", "TextRedaction", "JSONSchemaTesting"],
            exclude: ["Golden", "CrossCheck"]
        ),
        // "specrun": the interruption tests signal and SIGKILL the real binary.
        .testTarget(name: "SpecrunCLITests", dependencies: ["SpecrunCLI", "SpecParser", "SpecLint", "SpecRunner", "SpecResults", "TextRedaction", "JSONSchemaTesting", "specrun"], exclude: ["Golden", "ArchivedResults"]),
    ]
)
