struct InitCommand {
    let io: CommandIO
    func execute(_ arguments: [String]) -> Int32 { 2 }
}
