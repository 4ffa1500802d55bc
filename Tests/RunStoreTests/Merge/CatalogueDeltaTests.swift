import TestSupport
import Testing

@testable import RunStore

@Suite("Catalogue delta: the ids a downstream load removes before inserting the upserts")
struct CatalogueDeltaTests {
    @Test("the changed ids are written in id order, each with what happened to it")
    func changedIDs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let delta = CatalogueDelta(added: [7, 2], replaced: [5], deleted: [9, 1])
        let file = try AppendingFile(
            path: directory.path + "/movie_changed_ids.csv", truncatingTo: nil)
        #expect(try delta.writeChangedIDs(to: file) == 5)
        #expect(
            try directory.read("movie_changed_ids.csv")
                == "id,change\n1,deleted\n2,added\n5,replaced\n7,added\n9,deleted\n")
    }

    @Test("the merge drops the replaced and the deleted ids, not the added ones")
    func droppedIDs() {
        var dropped = CatalogueDelta(added: [2], replaced: [5, 3], deleted: [9, 3]).dropped
        #expect([1, 2, 3, 3, 5, 8, 9, 10].filter { dropped.contains($0) } == [3, 3, 5, 9])
    }
}
