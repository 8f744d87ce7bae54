import Foundation

/// The `specrun` command: arguments in, exit status out.
public enum SpecrunCommand {
    public static func main(arguments: [String]) async -> Int32 {
        FileHandle.standardError.write(Data("specrun: not yet wired\n".utf8))
        return 2
    }
}
