import RunStore
import TMDBAPI
import Testing

@Suite("The person tables: columns as issue 27 lists them, keys, and the credit join")
struct PersonTableTests {
    @Test(
        "each table has exactly its listed columns, in order",
        arguments: [
            (
                PersonTable.people,
                "id,imdb_id,name,gender,birthday,deathday,place_of_birth,known_for_department,popularity,adult,homepage,"
                    + "biography,profile_path,fetched_at"
            ),
            (.aliases, "person_id,name"),
            (.castCredits, "person_id,credit_id,media_type,media_id,character,order,episode_count"),
            (.crewCredits, "person_id,credit_id,media_type,media_id,department,job,episode_count"),
            (
                .externalIDs,
                "person_id,imdb_id,wikidata_id,facebook_id,instagram_id,tiktok_id,twitter_id,youtube_id"
            ),
        ])
    func columns(table: PersonTable, expected: String) {
        #expect(table.table.columns.map(\.name).joined(separator: ",") == expected)
        #expect(String(decoding: table.table.csvHeader, as: UTF8.self) == expected + "\n")
    }

    @Test(
        "names the tables, describes every column, and keys each table by columns it has",
        arguments: PersonTable.allCases)
    func described(table: PersonTable) {
        let columns = table.table.columns.map(\.name)
        #expect(Set(columns).count == columns.count, "\(table.table.name) repeats a column")
        for column in table.table.columns {
            #expect(!column.description.isEmpty, "\(table.table.name).\(column.name)")
        }
        for key in table.table.key {
            #expect(columns.contains(key), "\(table.table.name) keyed by \(key)")
        }
    }

    @Test("keys people by id, credits by person and credit, leaves aliases unkeyed")
    func keys() {
        #expect(
            PersonTable.allCases.map(\.table.name) == [
                "people", "person_aliases", "person_cast_credits", "person_crew_credits", "person_external_ids",
            ])
        #expect(PersonTable.people.table.key == ["id"])
        #expect(PersonTable.aliases.table.key.isEmpty)
        #expect(PersonTable.castCredits.table.key == ["person_id", "credit_id"])
        #expect(PersonTable.crewCredits.table.key == ["person_id", "credit_id"])
        #expect(PersonTable.externalIDs.table.key == ["person_id"])
    }

    @Test("writes the credit tables only with combined_credits, the external ids only with external_ids")
    func appended() {
        #expect(PersonTable.tables(appending: []) == [.people, .aliases])
        #expect(PersonTable.tables(appending: [.combinedCredits]) == [.people, .aliases, .castCredits, .crewCredits])
        #expect(PersonTable.tables(appending: Set(AppendedResource.supported(by: .person))) == PersonTable.allCases)
    }

    @Test("joins a person's credits to the titles' credit rows by credit_id, movie or series by media_type")
    func joins() {
        #expect(
            PersonTable.castCredits.joins.map(\.condition) == [
                "person_cast_credits.media_type = 'movie' AND person_cast_credits.credit_id = movie_cast.credit_id"
                    + " AND person_cast_credits.media_id = movie_cast.movie_id",
                "person_cast_credits.media_type = 'tv' AND person_cast_credits.credit_id = tv_cast.credit_id"
                    + " AND person_cast_credits.media_id = tv_cast.series_id",
            ])
        #expect(PersonTable.crewCredits.joins.map(\.titleTable) == ["movie_crew", "tv_crew"])
        #expect(PersonTable.people.joins.isEmpty)
    }

    @Test("joins only to columns the title tables have")
    func joinedColumnsExist() {
        let titleTables =
            CatalogueTable.tables(for: .movie, appending: [.credits])
            + CatalogueTable.tables(for: .tv, appending: [.aggregateCredits])
        for join in PersonTable.allCases.flatMap(\.joins) {
            let title = titleTables.first { $0.name == join.titleTable }
            #expect(title?.columns.contains { $0.name == "credit_id" } == true, "\(join.titleTable)")
            #expect(title?.columns.contains { $0.name == join.titleIDColumn } == true, "\(join.titleTable)")
        }
    }
}
