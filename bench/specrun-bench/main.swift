// specrun-bench: prints performance figures. Run a release build: `swift run -c release specrun-bench`.
// Options: `--section NAME` (repeatable) runs only those sections; `--quick` runs one round (a smoke run).
import Foundation

let sections: [any BenchmarkSection] = [
    RecurrenceBenchmark(),
]

var selected: Set<String> = []
var quick = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick":
        quick = true
    case "--section":
        guard let name = arguments.popFirst() else {
            FileHandle.standardError.write(Data("specrun-bench: '--section' needs a name, e.g. --section recurrence\n".utf8))
            exit(2)
        }
        selected.insert(name)
    default:
        let names = sections.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("specrun-bench: unknown argument '\(argument)'; use --quick or --section NAME (\(names))\n".utf8))
        exit(2)
    }
}

#if DEBUG
print("warning: a debug build; figures mean nothing. Run `swift run -c release specrun-bench`.")
#endif
for section in sections where selected.isEmpty || selected.contains(section.name) {
    print("\(section.name): \(section.summary)")
    do {
        for measurement in try section.run(quick: quick) {
            print(measurement.line)
        }
    } catch {
        print("  failed: \(error)")
        exit(1)
    }
}
