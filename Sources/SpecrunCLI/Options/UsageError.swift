/// A command-line mistake: one plain sentence, shown with a pointer to `--help`, exit status 2.
///
/// A file named on the command line that cannot be read (a results file missing or cut short) is refused the same
/// way, exit status 2, but without the pointer to `--help`: the command was used right, and the help cannot fix the file.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    /// Whether the message is followed by `Run 'specrun … --help' for usage.`: false for a file that cannot be read.
    var pointsToHelp: Bool

    init(_ message: String) {
        self.message = message
        pointsToHelp = true
    }

    /// A file the command cannot read: exit status 2, no pointer to `--help`.
    static func fileProblem(_ message: String) -> UsageError {
        var error = UsageError(message)
        error.pointsToHelp = false
        return error
    }

    var description: String { message }
}
