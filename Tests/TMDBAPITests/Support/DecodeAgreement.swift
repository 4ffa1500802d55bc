import Foundation
import HTTPClient
import JSON
import TMDBAPI
import Testing

/// What `JSONDecoder` alone knows of rejected items: `ResultsPage.decode(_:)` adds their text and id.
func withoutText(_ skipped: [RejectedItem]) -> [RejectedItem] {
    skipped.map { RejectedItem(position: $0.position, field: $0.field, reason: $0.reason) }
}

/// Expects `ResultsPage.decode(_:)` to read `body` as `JSONDecoder` reads its text once repaired: the same page
/// fields, the same items at the same positions, the same rejections (which `decode()` gives their text), the
/// repaired strings counted; or both to fail, with the same description in a client error.
func expectDecodeMatchesJSONDecoder<Item: ReferenceReadable & Equatable>(
    _ type: ResultsPage<Item>.Type, _ body: Data, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let repaired = body.withUnsafeBytes { JSONTextRepair.repair($0) }
    let viaDecode = Result { try ResultsPage<Item>.decode(body) }
    let viaJSONDecoder = Result {
        try JSONDecoderReference.page(ResultsPage<Item>.self, from: repaired.map { Data($0.bytes) } ?? body)
    }
    switch (viaDecode, viaJSONDecoder) {
    case (.success(let page), .success(let reference)):
        #expect(
            [page.page, page.totalPages, page.totalResults] as [Int]
                == [reference.page, reference.totalPages, reference.totalResults], "\(context)",
            sourceLocation: sourceLocation)
        #expect(page.dates == reference.dates, "\(context)", sourceLocation: sourceLocation)
        #expect(
            page.results.items.map(\.position) == reference.results.items.map(\.position), "\(context)",
            sourceLocation: sourceLocation)
        #expect(
            page.results.items.map(\.value) == reference.results.items.map(\.value), "\(context)",
            sourceLocation: sourceLocation)
        #expect(
            withoutText(page.results.skipped) == reference.results.skipped, "\(context)", sourceLocation: sourceLocation
        )
        #expect(page.results.skipped.allSatisfy { $0.raw != nil }, "\(context)", sourceLocation: sourceLocation)
        #expect(page.repairedStrings == repaired?.strings ?? 0, "\(context)", sourceLocation: sourceLocation)
    case (.failure(let failure), .failure(let reference)):
        #expect(
            DecodingErrorDescription.describe(failure) == DecodingErrorDescription.describe(reference), "\(context)",
            sourceLocation: sourceLocation)
    default:
        Issue.record(
            "decode() and JSONDecoder disagree on \(context): \(viaDecode) vs \(viaJSONDecoder)",
            sourceLocation: sourceLocation)
    }
}

extension ResultsPage {
    /// Items kept, items rejected, strings repaired.
    var counts: (Int, [RejectedItem], Int) { (results.items.count, results.skipped, repairedStrings) }
}
