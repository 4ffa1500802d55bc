/// What a movie and a series share: the fields and sub-resources their details answers spell alike, which one reader
/// (``readTitleField(_:_:)``) reads for both.
protocol TitleRecord {
    var originalLanguage: String? { get set }
    var status: String? { get set }
    var popularity: Double? { get set }
    var voteAverage: Double? { get set }
    var voteCount: Int? { get set }
    var adult: Bool? { get set }
    var overview: String? { get set }
    var tagline: String? { get set }
    var homepage: String? { get set }
    var posterPath: String? { get set }
    var backdropPath: String? { get set }
    var originCountry: [String] { get set }
    var genres: [CatalogueRecord.Genre] { get set }
    var companies: [CatalogueRecord.Company] { get set }
    var countries: [CatalogueRecord.Country] { get set }
    var languages: [CatalogueRecord.Language] { get set }
    var keywords: [CatalogueRecord.Keyword] { get set }
    var externalIDs: CatalogueRecord.ExternalIDs? { get set }
    var alternativeTitles: [CatalogueRecord.AlternativeTitle] { get set }
    var translations: [CatalogueRecord.Translation] { get set }
    var videos: [CatalogueRecord.Video] { get set }
    var images: [CatalogueRecord.Image] { get set }
    var recommendations: [Int?] { get set }
    var similar: [Int?] { get set }
    var watchOffers: [CatalogueRecord.WatchOffer] { get set }
}

extension MovieRecord: TitleRecord {}

extension SeriesRecord: TitleRecord {}
