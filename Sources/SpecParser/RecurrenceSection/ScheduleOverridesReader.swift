import Foundation
import Recurrence
import SpecModel
import SpecYAML

/// Reads the keys that change a schedule — `nonexistent`, `repeated`, `timezone`, `rule`, `limit` — where a cursor
/// case overrides them and where a lifecycle scenario's `change-schedule` step changes them.
struct ScheduleOverridesReader {
    let reader: ValueReader
    /// The zone in effect before these keys (the schedule's, or the last change's); nil when it could not be read.
    let timeZone: TimeZone?
    /// Whether a `nonexistent` and a `repeated` policy are in effect (a calendar schedule's); nil when that could not
    /// be read. A calendar rule given where one is not needs its own.
    let nonexistentInEffect: Bool?
    let repeatedInEffect: Bool?

    struct Result {
        var overrides = CaseSpec.Overrides()
        /// The zone the mapping's instants and rule are read in: its own `timezone` when written (nil when that cannot
        /// be read), else the one in effect.
        var timeZone: TimeZone?
        /// `timezone:` as written, when it was read.
        var timeZoneName: ZoneNameLiteral?
    }

    func read(_ fields: MappingFields) -> Result {
        var result = Result(timeZone: timeZone)
        result.overrides.nonexistent = fields["nonexistent"].flatMap { reader.choice($0, field: "nonexistent", NonexistentTimePolicy.self) }
        result.overrides.repeated = fields["repeated"].flatMap { reader.choice($0, field: "repeated", RepeatedTimePolicy.self) }
        result.overrides.timeZone = fields["timezone"].flatMap { reader.timeZone($0, field: "timezone") }
        result.overrides.limit = fields["limit"].flatMap {
            reader.integer($0, field: "limit", range: 1...10_000_000, example: "\(Schedule.defaultSearchLimit)")
        }
        if fields.has("timezone") {
            result.timeZone = result.overrides.timeZone
            if result.overrides.timeZone != nil { result.timeZoneName = fields["timezone"].flatMap(reader.zoneName) }
        }
        if let ruleNode = fields["rule"] {
            result.overrides.rule = RuleReader(reader: reader, timeZone: result.timeZone).read(ruleNode, owner: fields.keyNode("rule")!)
            // Turning an interval schedule into a calendar rule needs policies the schedule never gave.
            if let rule = result.overrides.rule, rule.isCalendarRule {
                if nonexistentInEffect == false, result.overrides.nonexistent == nil, !fields.has("nonexistent") {
                    reader.missing("nonexistent", in: fields, "its rule is a calendar rule, and the schedule has none; " + ScheduleReader.nonexistentAdvice)
                }
                if repeatedInEffect == false, result.overrides.repeated == nil, !fields.has("repeated") {
                    reader.missing("repeated", in: fields, "its rule is a calendar rule, and the schedule has none; " + ScheduleReader.repeatedAdvice)
                }
            }
        }
        return result
    }
}
