/// Times a closure over several rounds and keeps the fastest, the usual way to damp scheduler noise on a
/// shared machine (the figure is a best case; the median is printed next to it).
enum Stopwatch {
    struct Timing {
        var best: Duration
        var median: Duration
    }

    static func time(rounds: Int, _ body: () throws -> Void) rethrows -> Timing {
        let clock = ContinuousClock()
        var durations: [Duration] = []
        for _ in 0..<max(1, rounds) {
            let start = clock.now
            try body()
            durations.append(clock.now - start)
        }
        durations.sort()
        return Timing(best: durations[0], median: durations[durations.count / 2])
    }
}

extension Duration {
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}
