import Testing

@testable import Exporter

@Suite("Page cursors: which page of a request goes out next")
struct PageCursorTests {
    @Test(
        "offers a range's first page alone until the list's size is learned, then its pages in order within the window")
    func rangeWithinWindow() {
        var cursor = PageCursor(.range(5...100))
        var sent: [Int] = []
        while let page = cursor.dispatchablePage(window: 3) {
            cursor.markDispatched(page)
            sent.append(page)
        }
        #expect(sent == [5], "pages past the list's end must not be asked for before its size is known")
        _ = cursor.learnLastPage(100)
        while let page = cursor.dispatchablePage(window: 3) {
            cursor.markDispatched(page)
            sent.append(page)
        }
        #expect(sent == [5, 6, 7])
        cursor.markWritten()
        #expect(cursor.dispatchablePage(window: 3) == 8)
        #expect(cursor.nextToWrite == 6)
    }

    @Test("offers only the first page of an all request until its last page is learned, and learns it once")
    func allLearnsItsSize() {
        var cursor = PageCursor(.all)
        #expect(cursor.dispatchablePage(window: 10) == 1)
        cursor.markDispatched(1)
        #expect(cursor.dispatchablePage(window: 10) == nil)
        #expect(!cursor.isComplete)
        let learned = cursor.learnLastPage(2)
        let learnedAgain = cursor.learnLastPage(7)
        #expect(learned)
        #expect(!learnedAgain)
        #expect(cursor.lastPage == 2)
        #expect(cursor.dispatchablePage(window: 10) == 2)
        cursor.markDispatched(2)
        #expect(cursor.dispatchablePage(window: 10) == nil)
        cursor.markWritten()
        cursor.markWritten()
        #expect(cursor.isComplete)
    }

    @Test("orders a job's pages: every request's first page, then each request's pages in job order")
    func jobOrder() {
        var cursors = [PageCursor(.range(3...4)), PageCursor(.all), PageCursor(.range(9...10))]
        var order: [String] = []
        while let (index, page) = PageCursor.next(in: cursors, window: 8) {
            cursors[index].markDispatched(page)
            order.append("\(index):\(page)")
        }
        #expect(order == ["0:3", "1:1", "2:9"], "only first pages until the sizes are known")
        _ = cursors[2].learnLastPage(10)
        _ = cursors[1].learnLastPage(2)
        _ = cursors[0].learnLastPage(4)
        while let (index, page) = PageCursor.next(in: cursors, window: 8) {
            cursors[index].markDispatched(page)
            order.append("\(index):\(page)")
        }
        #expect(order == ["0:3", "1:1", "2:9", "0:4", "1:2", "2:10"])
    }
}
