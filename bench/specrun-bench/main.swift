// specrun-bench: prints performance figures. Run a release build: `swift run -c release specrun-bench`
// (or `bench/run.sh`, which builds specrun too and runs every section). Run it from the package root.
// Options: `--section NAME` (repeatable) runs only those sections; `--quick` runs one round on a small corpus
// (a smoke run, not figures); `--specs N` sizes the generated corpus (default 10,000; 300 with --quick);
// `--corpus DIR` says where it lives (default .build/bench-corpus-N; written on first use).
import Foundation

let sections: [any BenchmarkSection] = [
    RecurrenceBenchmark(),
    YAMLParseBenchmark(),
    EngineBenchmark(),
    EndToEndBenchmark(),
    LifecycleBenchmark(),
    CompareBenchmark(),
]

var selected: Set<String> = []
var quick = false
var corpusFolder: String?
var specCount: Int?
var arguments = CommandLine.arguments.dropFirst()
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("specrun-bench: \(message)\n".utf8))
    exit(2)
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick":
        quick = true
    case "--section":
        guard let name = arguments.popFirst() else { fail("'--section' needs a name, e.g. --section recurrence") }
        guard sections.contains(where: { $0.name == name }) else {
            fail("there is no section '\(name)'; use one of \(sections.map(\.name).joined(separator: ", "))")
        }
        selected.insert(name)
    case "--specs":
        guard let text = arguments.popFirst(), let count = Int(text), count >= 1 else {
            fail("'--specs' needs a number of specs, e.g. --specs 10000")
        }
        specCount = count
    case "--corpus":
        guard let folder = arguments.popFirst() else { fail("'--corpus' needs a folder, e.g. --corpus .build/bench-corpus") }
        corpusFolder = folder
    default:
        let names = sections.map(\.name).joined(separator: ", ")
        fail("unknown argument '\(argument)'; use --quick, --specs N, --corpus DIR or --section NAME (\(names))")
    }
}

#if DEBUG
print("warning: a debug build; figures mean nothing. Run `swift run -c release specrun-bench`.")
#endif
let count = specCount ?? (quick ? 300 : 10_000)
let corpus = Corpus(folder: corpusFolder ?? ".build/bench-corpus-\(count)", specCount: count)
let context = BenchmarkContext(quick: quick, corpus: corpus)
for section in sections where selected.isEmpty || selected.contains(section.name) {
    print("\(section.name): \(section.summary)")
    do {
        for measurement in try section.run(context) {
            print(measurement.line)
        }
    } catch {
        print("  failed: \(error)")
        exit(1)
    }
}
