import RunStore
import TMDBAPI

/// The columns of a credited person every cast and crew row of a title or an episode writes alike, around which
/// each table writes its own (character, job, episodes…).
enum TitleCreditRows {
    /// The person's id, the credit's id and the person's name, after the title's (and episode's) id.
    static func credit(of person: CatalogueRecord.Person, creditID: String?, into row: inout RecordEncoder) {
        row.integer("person_id", person.id)
        row.string("credit_id", creditID)
        row.string("name", person.name)
    }

    /// The person's gender and department, which come before a movie cast row's `cast_id`.
    static func genderAndDepartment(of person: CatalogueRecord.Person, into row: inout RecordEncoder) {
        row.integer("gender", person.gender)
        row.string("known_for_department", person.knownForDepartment)
    }

    /// The person's own columns that end a title's cast or crew row.
    static func closing(of person: CatalogueRecord.Person, into row: inout RecordEncoder) {
        row.string("original_name", person.originalName)
        row.decimal("popularity", person.popularity)
        row.string("profile_path", person.profilePath)
        row.boolean("adult", person.adult)
    }
}
