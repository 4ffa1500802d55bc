/// The body of `GET /3/genre/movie/list`.
enum GenreListBody {
    /// `{"genres":[{"id":28,"name":"Action"},…]}`, rendered once.
    static let bytes: [UInt8] = {
        var json = JSONBuffer(capacity: 1_024)
        json.raw("{\"genres\":[")
        for (offset, genre) in SandboxGenre.all.enumerated() {
            json.raw(offset == 0 ? "{\"id\":" : ",{\"id\":")
            json.int(genre.id)
            json.raw(",\"name\":")
            json.string(genre.name)
            json.raw("}")
        }
        json.raw("]}")
        return json.bytes
    }()
}
