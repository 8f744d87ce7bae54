/// A command-line mistake: one plain sentence, shown with a pointer to `--help`, exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
