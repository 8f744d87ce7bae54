import Foundation
import SpecReporters
import SpecResults

/// Reads an archived JSON results file, with a message that names the file and the place when it cannot (exit status
/// 2, without the pointer to `--help` a usage mistake gets).
enum ResultsFile {
    /// Reads `path`; `warn` receives what was read but is suspect (one sentence each, naming the file).
    static func read(_ path: String, warn: (String) -> Void = { _ in }) throws(UsageError) -> RunResult {
        let data = try contents(of: path)
        do {
            let reading = try JSONResultsReader.readWithWarnings(data, source: path)
            reading.warnings.forEach(warn)
            return reading.run
        } catch {
            throw UsageError.fileProblem("The results file \(error.description)")
        }
    }

    /// The bytes of `path`: a regular file, or a pipe (`specrun report <(gunzip -c results.json.gz)`) read to its end.
    private static func contents(of path: String) throws(UsageError) -> Data {
        func refuse(_ why: String, _ remedy: String = "give the path of a JSON file written by 'specrun --json'") -> UsageError {
            UsageError.fileProblem("Cannot read the results file '\(path)': \(why); \(remedy).")
        }
        // Non-blocking open: a FIFO nobody writes into would otherwise wait for ever in open(2).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT:
                throw UsageError.fileProblem(refuse("there is no such file", "check the path (a download step that failed?)").message
                    + UnexpandedHome.hint(for: path))
            case EACCES: throw refuse("permission denied", "make it readable, or give another copy")
            default: throw refuse(String(cString: strerror(errno)))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw refuse(String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw refuse("it is a folder", "name the results file in it, e.g. '\(path)/results.json'")
        case S_IFREG, S_IFIFO, S_IFCHR:
            break
        default:
            throw refuse("it is not a file (a socket or a block device)")
        }
        // With no writer, a pipe reads as empty at once; with one, reads wait for its bytes as `cat` would.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var data = Data()
        if info.st_mode & S_IFMT == S_IFREG { data.reserveCapacity(Int(info.st_size)) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw refuse(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }
}
