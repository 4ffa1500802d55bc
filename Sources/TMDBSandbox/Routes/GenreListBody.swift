/// The bodies of `GET /3/genre/movie/list` and `GET /3/genre/tv/list`.
enum GenreListBody {
    /// `{"genres":[{"id":28,"name":"Action"},…]}`, rendered once.
    static let bytes: [UInt8] = render(SandboxGenre.all)
    /// `{"genres":[{"id":10759,"name":"Action & Adventure"},…]}`, rendered once.
    static let tvBytes: [UInt8] = render(SandboxGenre.tv)

    private static func render(_ genres: [SandboxGenre]) -> [UInt8] {
        var json = JSONBuffer(capacity: 1_024)
        json.raw("{\"genres\":")
        json.objectArray(genres) { json, genre in
            json.raw("\"id\":")
            json.int(genre.id)
            json.raw(",\"name\":")
            json.string(genre.name)
        }
        json.raw("}")
        return json.bytes
    }
}
