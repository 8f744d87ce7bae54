@testable import SpecrunCLI
import Testing

/// `--json --junit x.xml` wrote a results file named `--junit`: an option given as another option's value is a
/// forgotten value.
struct ForgottenOptionValueTests {
    @Test func anOptionWhereAValueShouldBeIsRefusedAndTheEqualsFormStillTakesIt() throws {
        let parser = OptionParser(options: RunCommand.options)
        #expect(throws: UsageError("the option '--json' needs a value, and '--junit' is an option: --json FILE --junit …. "
            + "For a value that starts with '--', write --json=--junit.")) { try parser.parse(["specs", "--json", "--junit", "x.xml"]) }
        #expect(try parser.parse(["specs", "--json=--junit"]).value("json") == "--junit")
        // A value that merely starts with dashes and names no option is taken as it is.
        #expect(try parser.parse(["specs", "--json", "--draft.json"]).value("json") == "--draft.json")
    }
}
