import Foundation
import Testing

@testable import TMDBSandbox

/// Expects parsed TV results to carry exactly the catalogue's values, hard cases included.
func expectShows(
    _ results: [[String: Any]], equal expected: [SandboxShow], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(results.map { $0["id"] as? Int } == expected.map(\.id), sourceLocation: sourceLocation)
    #expect(results.map { $0["name"] as? String } == expected.map(\.name), sourceLocation: sourceLocation)
    #expect(
        results.map { $0["original_name"] as? String } == expected.map(\.originalName), sourceLocation: sourceLocation)
    #expect(results.map { $0["overview"] as? String } == expected.map(\.overview), sourceLocation: sourceLocation)
    #expect(
        results.map { $0["first_air_date"] as? String } == expected.map(\.firstAirDate), sourceLocation: sourceLocation)
    #expect(
        results.map { $0["origin_country"] as? [String] } == expected.map(\.originCountry),
        sourceLocation: sourceLocation)
    #expect(results.map { $0["genre_ids"] as? [Int] } == expected.map(\.genreIds), sourceLocation: sourceLocation)
    #expect(results.map { $0["poster_path"] as? String } == expected.map(\.posterPath), sourceLocation: sourceLocation)
    #expect(
        results.map { ($0["vote_average"] as? NSNumber)?.doubleValue } == expected.map(\.voteAverage),
        sourceLocation: sourceLocation)
    #expect(results.map { $0["vote_count"] as? Int } == expected.map(\.voteCount), sourceLocation: sourceLocation)
    #expect(results.map { $0["adult"] as? Bool } == expected.map(\.adult), sourceLocation: sourceLocation)
}

/// Expects parsed movie results to carry exactly the catalogue's values, hard cases included.
func expectMovies(
    _ results: [[String: Any]], equal expected: [SandboxMovie], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(results.map { $0["id"] as? Int } == expected.map(\.id), sourceLocation: sourceLocation)
    #expect(results.map { $0["title"] as? String } == expected.map(\.title), sourceLocation: sourceLocation)
    #expect(
        results.map { $0["original_title"] as? String } == expected.map(\.originalTitle),
        sourceLocation: sourceLocation)
    #expect(results.map { $0["overview"] as? String } == expected.map(\.overview), sourceLocation: sourceLocation)
    #expect(
        results.map { $0["release_date"] as? String } == expected.map(\.releaseDate), sourceLocation: sourceLocation)
    #expect(results.map { $0["genre_ids"] as? [Int] } == expected.map(\.genreIds), sourceLocation: sourceLocation)
    #expect(results.map { $0["poster_path"] as? String } == expected.map(\.posterPath), sourceLocation: sourceLocation)
    #expect(
        results.map { ($0["vote_average"] as? NSNumber)?.doubleValue } == expected.map(\.voteAverage),
        sourceLocation: sourceLocation)
    #expect(results.map { $0["vote_count"] as? Int } == expected.map(\.voteCount), sourceLocation: sourceLocation)
    #expect(results.map { $0["adult"] as? Bool } == expected.map(\.adult), sourceLocation: sourceLocation)
}
