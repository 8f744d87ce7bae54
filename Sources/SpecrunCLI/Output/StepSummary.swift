import Foundation
import SpecReporters
import SpecResults

/// GitHub Actions' job summary: under `GITHUB_ACTIONS=true`, with `GITHUB_STEP_SUMMARY` naming the step's summary
/// file, a run, `merge` and `compare` append their Markdown there in one write (docs/reports.md, "GitHub Actions job
/// summary"), so
/// the run's page says what failed without an artifact downloaded. Nothing is written anywhere else. The file must be
/// a regular file (a FIFO with no reader would hang the run, so none is waited for); one that cannot be appended to is
/// a warning, and the run's results, reports and exit status stand.
enum StepSummary {
    /// Whether a summary is wanted: the caller renders it only then.
    static func path(_ io: CommandIO) -> String? {
        guard io.environment["GITHUB_ACTIONS"] == "true", let path = io.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else {
            return nil
        }
        return path
    }

    /// A run's or a merge's summary, appended when one is wanted: its places linked at the run's commit, named
    /// relative to the workspace as annotations name them.
    /// `specFiles` are the spec files the run read: the summary is never appended to one of them.
    static func append(run result: RunResult, io: CommandIO, specFiles: [String] = []) {
        guard let path = path(io) else { return }
        let reporter = GitHubStepSummaryReporter(blobBase: GitHubStepSummaryReporter.blobBase(environment: io.environment),
                                                 filePath: io.annotationPath)
        append(reporter.render(result), to: path, io: io, specFiles: specFiles)
    }

    /// Appends `markdown` to the summary file, or warns why it cannot.
    static func append(_ markdown: String, to path: String, io: CommandIO, specFiles: [String] = []) {
        if let problem = specProblem(path, specFiles: specFiles) ?? write(Array(markdown.utf8), to: path) {
            io.writeProblem(.warning, "the job summary was not appended to '\(path)' (GITHUB_STEP_SUMMARY): \(problem); "
                + "the results and reports are written as usual")
        }
    }

    /// Why the summary may not go to `path`: a spec file the run read, or any `*.yaml` / `*.yml` file, which a run reads
    /// as a spec (`GITHUB_STEP_SUMMARY=u.yaml` appended Markdown to the spec, and the next run failed on it; the results
    /// options refuse such a path, and this one was not checked).
    private static func specProblem(_ path: String, specFiles: [String]) -> String? {
        let identity = FileIdentity.of(path)
        let name = (identity as NSString).lastPathComponent
        // Only a spec of that name can be that file: a run of 10,000 files resolves none of the rest.
        if let spec = specFiles.first(where: { ($0 as NSString).lastPathComponent == name && FileIdentity.of($0) == identity }) {
            return "it is the spec file '\(spec)' this run reads, which the summary's Markdown would break"
        }
        if SpecDiscovery.extensions.contains((path as NSString).pathExtension.lowercased()) {
            return "a .\((path as NSString).pathExtension) file is read as a spec, which the summary's Markdown would break"
        }
        return nil
    }

    /// nil when every byte is appended; else why not.
    private static func write(_ bytes: [UInt8], to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        // ENXIO: a FIFO nobody reads (strerror's "No such device or address" would not say so).
        guard fd >= 0 else { return errno == ENXIO ? "it is a named pipe with no reader" : String(cString: strerror(errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return String(cString: strerror(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += count
        }
        return nil
    }

    /// `compare`'s text in a fenced block, under a heading that says whether it failed: a fence longer than any run
    /// of backticks in the text, so no spec name ends it.
    static func fenced(_ text: String, heading: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "### \(heading)\n\n\(fence)text\n\(text.hasSuffix("\n") ? text : text + "\n")\(fence)\n\n"
    }
}
