/// One credit of a title's `credits` or `aggregate_credits` (a role or a job), as written: what a person's
/// `combined_credits` repeats of it.
struct CreditRecord: Equatable, Sendable {
    /// The ``PersonPool`` index of the person credited.
    var person: Int
    var creditId: String
    /// A cast credit (a role), else a crew credit (a job).
    var isCast: Bool
    var character: String? = nil
    /// A movie cast credit's place in the cast.
    var order: Int? = nil
    var department: String? = nil
    var job: String? = nil
    /// A series credit's episodes.
    var episodeCount: Int? = nil
}

/// Collects the credits a title's credits body writes while the body is rendered: of one person (every field), or of
/// everyone (only who is credited, for the person→title index). The same draws give the same `credit_id`s, so a
/// person's credits are the titles' to the byte.
///
/// A class so that the credit bodies' helpers can share one without threading `inout` through them; used by one
/// task at a time, never shared.
final class CreditRecorder {
    /// The person whose credits are kept; nil notes only who is credited.
    let person: Int?
    private(set) var records: [CreditRecord] = []
    /// The pool index of every credit's person, in the body's order (repeats included), when ``person`` is nil.
    private(set) var people: [Int] = []

    init(person: Int? = nil) {
        self.person = person
    }

    /// Whether the credit of pool index `person` is to be recorded in full; notes the person when noting everyone.
    func wants(_ person: Int) -> Bool {
        guard let wanted = self.person else {
            people.append(person)
            return false
        }
        return wanted == person
    }

    func record(_ record: CreditRecord) {
        records.append(record)
    }
}
