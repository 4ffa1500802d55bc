/// `images`: `{"backdrops":[…],"logos":[…],"posters":[…]}`, each image `{"aspect_ratio","height","iso_639_1",
/// "file_path","vote_average","vote_count","width"}` in TMDB's key order. Most backdrops have no language
/// (`iso_639_1` `null`), most posters and logos one. The request's ``ImageLanguageFilter`` keeps some of them, as
/// TMDB's `language` and `include_image_language` do. 0 to 6 of each kind from the id; each edit version may add one
/// image of each kind and adds votes to the first.
enum ImagesBody {
    enum Kind: CaseIterable {
        case backdrop, logo, poster

        var key: String {
            switch self {
            case .backdrop: "backdrops"
            case .logo: "logos"
            case .poster: "posters"
            }
        }
    }

    static func append(to json: inout JSONBuffer, _ depth: TitleDepth) {
        json.raw("{")
        for (offset, kind) in Kind.allCases.enumerated() {
            json.raw(offset == 0 ? "\"\(kind.key)\":[" : ",\"\(kind.key)\":[")
            var first = true
            for image in images(kind, depth) where depth.images.keeps(image.language) {
                json.raw(first ? "{\"aspect_ratio\":" : ",{\"aspect_ratio\":")
                first = false
                json.number(image.aspectRatio)
                json.raw(",\"height\":")
                json.int(image.height)
                json.raw(",\"iso_639_1\":")
                json.optionalString(image.language)
                json.raw(",\"file_path\":")
                json.string(image.filePath)
                json.raw(",\"vote_average\":")
                json.number(image.voteAverage)
                json.raw(",\"vote_count\":")
                json.int(image.voteCount)
                json.raw(",\"width\":")
                json.int(image.width)
                json.raw("}")
            }
            json.raw("]")
        }
        json.raw("}")
    }

    struct Image: Equatable {
        var aspectRatio: Double
        var height: Int
        var language: String?
        var filePath: String
        var voteAverage: Double
        var voteCount: Int
        var width: Int
    }

    /// Every image of `kind` before the language filter.
    static func images(_ kind: Kind, _ depth: TitleDepth) -> [Image] {
        let salt: UInt64 =
            switch kind {
            case .backdrop: 0x4241_434B
            case .logo: 0x4C4F_474F
            case .poster: 0x504F_5354
            }
        var random = depth.base(purpose ^ salt)
        var images: [Image] = []
        for serial in 0..<Int(random.next() % 7) {
            images.append(draw(kind, &random, depth, serial: serial))
        }
        if depth.version > 0 {
            var edit = depth.edit(purpose ^ salt)
            if !images.isEmpty { images[0].voteCount += 1 + Int(edit.next() % 4) }
            if edit.next() % 3 == 0 { images.append(draw(kind, &edit, depth, serial: 100 * depth.version)) }
        }
        return images
    }

    private static func draw(_ kind: Kind, _ random: inout SplitMix64, _ depth: TitleDepth, serial: Int) -> Image {
        let languageDraw = random.next() % 10
        let language: String? =
            switch kind {
            case .backdrop: languageDraw < 7 ? nil : languages[Int(languageDraw) % languages.count]
            case .logo, .poster: languageDraw < 2 ? nil : languages[Int(languageDraw) % languages.count]
            }
        let (width, height): (Int, Int) =
            switch kind {
            case .backdrop: [(1920, 1080), (3840, 2160), (1280, 720)][Int(random.next() % 3)]
            case .poster: [(2000, 3000), (1000, 1500), (680, 1000)][Int(random.next() % 3)]
            case .logo: (500 + Int(random.next() % 1_500), 100 + Int(random.next() % 400))
            }
        let votes = Int(random.next() % 4) == 0 ? 0 : 1 + Int(random.next() % 40)
        let average = votes == 0 ? 0 : Double(5_000 + Int(random.next() % 1_000)) / 1_000
        let path = ImagePath.derived(id: depth.id &* 64 + serial, salt: random.next())
        return Image(
            aspectRatio: (Double(width) / Double(height) * 1_000).rounded() / 1_000, height: height,
            language: language, filePath: path, voteAverage: average, voteCount: votes, width: width)
    }

    private static let purpose: UInt64 = 0x494D_4147_4553
    private static let languages = ["en", "en", "fr", "de", "ja", "es", "ko", "en", "it", "pt"]
}
