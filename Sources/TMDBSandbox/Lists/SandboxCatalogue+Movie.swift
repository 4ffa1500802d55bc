extension SandboxCatalogue {
    /// The details `/3/movie/{id}` serves for a catalogue movie, or nil when the id is not in the catalogue.
    func movieDetails(id: Int) -> SandboxMovieDetails? {
        movieIndex(id: id).map { MovieDetailsGenerator.details(of: movies[$0], index: $0) }
    }

    /// Indices into ``movies`` of `/3/movie/{id}/recommendations`: 40 to 60 other non-adult movies sharing a genre
    /// with it, in list order; nil when the id is not in the catalogue.
    func recommendations(forMovieId id: Int) -> [Int]? {
        movieIndex(id: id).map { RelatedMovies.indices(of: $0, in: movies, kind: .recommendations) }
    }

    /// Indices into ``movies`` of `/3/movie/{id}/similar`: 40 to 60 other non-adult movies sharing its first genre,
    /// in list order, different from ``recommendations(forMovieId:)``; nil when the id is not in the catalogue.
    func similarMovies(toMovieId id: Int) -> [Int]? {
        movieIndex(id: id).map { RelatedMovies.indices(of: $0, in: movies, kind: .similar) }
    }
}
