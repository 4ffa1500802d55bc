import Testing

@testable import RunStore

@Suite("A poster's outcome: one account for lists and catalogues, counted one way")
struct PosterOutcomeTests {
    @Test("counts each outcome in its own column, posters off in none, and names the file only when one is saved")
    func counts() {
        let outcomes: [PosterOutcome] = [
            .disabled, .absent, .unsafePath, .downloaded(file: "a.jpg"), .alreadyPresent(file: "b.jpg"),
            .failed(file: "c.jpg", reason: "HTTP 404"), .downloaded(file: "d.jpg"),
        ]
        var counts = Manifest.PosterCounts()
        for outcome in outcomes { counts.count(outcome) }
        #expect(
            counts
                == Manifest.PosterCounts(downloaded: 2, alreadyPresent: 1, failed: 1, absent: 1, unsafePath: 1))
        #expect(outcomes.map(\.savedFile) == [nil, nil, nil, "a.jpg", "b.jpg", nil, "d.jpg"])
    }
}
