extension JSONBuffer {
    /// The keys a movie's and a show's list result open with, in TMDB's order:
    /// `{"adult":…,"backdrop_path":…,"genre_ids":[…],"id":…`.
    mutating func listResultOpening(adult: Bool, backdropPath: String?, genreIds: [Int], id: Int) {
        raw("{\"adult\":")
        bool(adult)
        raw(",\"backdrop_path\":")
        optionalString(backdropPath)
        raw(",\"genre_ids\":[")
        for (offset, genre) in genreIds.enumerated() {
            if offset > 0 { raw(",") }
            int(genre)
        }
        raw("],\"id\":")
        int(id)
    }
}
