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
