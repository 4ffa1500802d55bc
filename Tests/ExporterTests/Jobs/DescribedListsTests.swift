import RunReport
import Testing

@testable import Exporter

@Suite("A job's list requests as the run's description names them")
struct DescribedListsTests {
    @Test("each list request gives its slug and the kind of item its rows hold, in the job's order")
    func describedLists() throws {
        let job = try JobLoader().parse(
            #"{"name": "lists", "requests": [{"endpoint": "movie/popular", "pages": "1-2", "details": true}, "#
                + #"{"endpoint": "tv/top_rated", "pages": "1"}]}"#,
            file: "lists.json")
        #expect(
            job.describedLists == [
                DescribedList(slug: "movie_popular", mediaType: .movie),
                DescribedList(slug: "tv_top_rated", mediaType: .tv),
            ])
    }
}
