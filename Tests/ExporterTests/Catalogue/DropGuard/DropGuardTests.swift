import RunStore
import TMDBAPI
import Testing

@testable import Exporter

@Suite("The drop guard: a night never empties a snapshot by surprise")
struct DropGuardTests {
    static let file = "movie_ids_03_06_2026.json.gz"

    /// Tonight's export as the guard sees it: its file and what its lines came to.
    static func export(lines: Int, selected: Int? = nil) -> SelectedExport {
        var counts = IDSelection.Counts()
        counts.lines = lines
        counts.selected = selected ?? lines
        counts.belowMinimumPopularity = lines - counts.selected
        return SelectedExport(
            ids: CatalogueIDs([]), popularity: ExportPopularity(ids: [], values: []), mostPopular: [],
            day: ExportDay("2026-03-06")!, missingDay: nil, fileNames: [file], keptFiles: [], counts: counts)
    }

    static func refusal(_ check: () throws(ExportError) -> Void) -> ExportDrop? {
        do throws(ExportError) {
            try check()
            return nil
        } catch {
            guard case .unexpectedDrop(let drop) = error else { return nil }
            return drop
        }
    }

    let guarding = DropGuard(maxDropPercent: 5, accepted: false)

    @Test("refuses an export without lines, on a first run too, naming the catalogue and the file")
    func noLines() {
        let drop = Self.refusal { () throws(ExportError) in
            try guarding.checkNotEmpty(Self.export(lines: 0), type: .movie, snapshot: nil)
        }
        #expect(drop?.kind == .noLines)
        #expect(
            drop?.description
                == "movie catalogue: tonight's export movie_ids_03_06_2026.json.gz has no lines (an empty export is "
                + "never a real TMDB night); nothing published (pass --accept-drop if the drop is expected)")
    }

    @Test("refuses an export the job's filters keep nothing of, and says latest is kept when there is one")
    func selectsNothing() {
        let drop = Self.refusal { () throws(ExportError) in
            try guarding.checkNotEmpty(Self.export(lines: 40, selected: 0), type: .tv, snapshot: "20260305T120000Z")
        }
        #expect(drop?.kind == .selectsNothing(lines: 40))
        #expect(
            drop?.description
                == "tv catalogue: the job's filters keep none of the 40 lines of tonight's export "
                + "movie_ids_03_06_2026.json.gz; nothing published, latest kept (pass --accept-drop if the drop is "
                + "expected)")
    }

    @Test("lets an export with lines and a selection through")
    func notEmpty() {
        #expect(
            Self.refusal { () throws(ExportError) in
                try guarding.checkNotEmpty(Self.export(lines: 1, selected: 1), type: .movie, snapshot: nil)
            } == nil)
    }

    @Test(
        "refuses a night that drops more than maxDropPercent of the snapshot's ids, and lets maxDropPercent through",
        arguments: [(50, 1000, false), (51, 1000, true), (1031, 1031, true), (0, 0, false), (1, 20, false)]
            as [(Int, Int, Bool)])
    func shareOfIDs(dropped: Int, of previous: Int, refused: Bool) {
        let drop = Self.refusal { () throws(ExportError) in
            try guarding.checkDrop(
                Self.export(lines: 2000), type: .movie, snapshot: "20260305T120000Z", previousIDs: previous,
                dropped: dropped, previousLines: 2000, byPopularity: false)
        }
        #expect((drop != nil) == refused)
        if refused {
            #expect(drop?.kind == .dropsIDs(dropped: dropped, of: previous, maxDropPercent: 5))
        }
    }

    @Test(
        "a selection by popularity (limit, minPopularity) may lose any share of its ids, but not of the export's lines"
    )
    func selectionByPopularity() {
        let byPopularity = { (lines: Int) in
            Self.refusal { () throws(ExportError) in
                try guarding.checkDrop(
                    Self.export(lines: lines), type: .movie, snapshot: "20260305T120000Z", previousIDs: 500,
                    dropped: 286, previousLines: 2000, byPopularity: true)
            }
        }
        #expect(byPopularity(2000) == nil)
        #expect(byPopularity(1000)?.kind == .fewerLines(lines: 1000, previous: 2000, maxDropPercent: 5))
    }

    @Test("says how many ids of which snapshot would go, in percent, against maxDropPercent")
    func dropMessage() {
        let drop = Self.refusal { () throws(ExportError) in
            try DropGuard(maxDropPercent: 2.5, accepted: false).checkDrop(
                Self.export(lines: 0), type: .movie, snapshot: "20260305T120000Z", previousIDs: 1031, dropped: 1031,
                previousLines: nil, byPopularity: false)
        }
        #expect(
            drop?.description
                == "movie catalogue: tonight's export movie_ids_03_06_2026.json.gz would drop 1031 of 1031 ids (100 %) "
                + "of runs/20260305T120000Z, more than maxDropPercent 2.5; nothing published, latest kept (pass "
                + "--accept-drop if the drop is expected)")
    }

    @Test(
        "refuses an export with fewer lines than (100 - maxDropPercent) % of the previous export's",
        arguments: [(950, 1000, false), (949, 1000, true), (1200, 1000, false), (103, 1031, true)] as [(Int, Int, Bool)]
    )
    func fewerLines(lines: Int, previous: Int, refused: Bool) {
        let drop = Self.refusal { () throws(ExportError) in
            try guarding.checkDrop(
                Self.export(lines: lines), type: .movie, snapshot: "20260305T120000Z", previousIDs: 100, dropped: 0,
                previousLines: previous, byPopularity: false)
        }
        #expect((drop != nil) == refused)
        if refused {
            #expect(drop?.kind == .fewerLines(lines: lines, previous: previous, maxDropPercent: 5))
        }
    }

    @Test("names the lines, the previous export's, and the shard whose latest was compared")
    func linesMessage() {
        let drop = Self.refusal { () throws(ExportError) in
            try DropGuard(maxDropPercent: 5, accepted: false, shard: Shard(index: 1, count: 4)).checkLines(
                Self.export(lines: 103), type: .movie, snapshot: "20260305T120000Z", previousLines: 1031)
        }
        #expect(
            drop?.description
                == "movie catalogue (shard 1/4): tonight's export movie_ids_03_06_2026.json.gz has 103 lines, 90.01 % "
                + "fewer than the 1031 of runs/20260305T120000Z's export, more than maxDropPercent 5; nothing "
                + "published, latest kept (pass --accept-drop if the drop is expected)")
    }

    @Test("--accept-drop lets every check through; maxDropPercent 100 turns the share checks off, not the empty one")
    func acceptedAndOff() {
        let accepted = DropGuard(maxDropPercent: 5, accepted: true)
        #expect(
            Self.refusal { () throws(ExportError) in
                try accepted.checkNotEmpty(Self.export(lines: 0), type: .movie, snapshot: "x")
                try accepted.checkDrop(
                    Self.export(lines: 0), type: .movie, snapshot: "x", previousIDs: 10, dropped: 10, previousLines: 10,
                    byPopularity: false)
            } == nil)
        let off = DropGuard(maxDropPercent: 100, accepted: false)
        #expect(
            Self.refusal { () throws(ExportError) in
                try off.checkDrop(
                    Self.export(lines: 1), type: .movie, snapshot: "x", previousIDs: 10, dropped: 10, previousLines: 10,
                    byPopularity: false)
            } == nil)
        #expect(
            Self.refusal { () throws(ExportError) in
                try off.checkNotEmpty(Self.export(lines: 0), type: .movie, snapshot: "x")
            }?.kind == .noLines)
    }
}
