import Foundation

/// A person's details beyond the pool's fields, drawn from the slot, with TMDB's quirks: `gender` 0 (from the pool),
/// `birthday` `""` or null, `also_known_as` in several scripts (one alias holds a comma and a semicolon), a biography
/// with newlines and quotes, `imdb_id` null, `known_for_department` null, `place_of_birth` null.
struct PersonFacts {
    let person: PersonPool.Person
    let life: PersonLife
    let titles: SandboxCatalogueUniverse
    /// `YYYY-MM-DD`, `""` or nil.
    let birthday: String?
    let baseDeathday: String?
    let knownForDepartment: String?
    let placeOfBirth: String?
    let imdbId: String?
    let aliases: [String]
    let biography: String
    let homepage: String?

    init(slot: Int, life: PersonLife, titles: SandboxCatalogueUniverse) {
        person = PersonPool.person(slot)
        self.life = life
        self.titles = titles
        var random = SplitMix64(seed: Self.seed, stream: UInt64(slot))
        let birthYear = 1920 + Int(random.next() % 86)
        let date = String(format: "%04d-%02d-%02d", birthYear, 1 + random.next() % 12, 1 + random.next() % 28)
        switch random.next() % 25 {
        case 0, 1: birthday = nil
        case 2: birthday = ""
        default: birthday = date
        }
        let deathYear = min(2025, birthYear + 20 + Int(random.next() % 70))
        baseDeathday = String(format: "%04d-%02d-%02d", deathYear, 1 + random.next() % 12, 1 + random.next() % 28)
        knownForDepartment = random.next() % 10 == 0 ? nil : person.department
        placeOfBirth = random.next() % 5 == 0 ? nil : UniverseText.pick(Self.places, &random)
        imdbId = random.next() % 5 == 0 ? nil : "nm\(String(format: "%07d", person.id % 10_000_000))"
        aliases = (0..<Int(random.next() % 4)).map { _ in UniverseText.pick(Self.aliasPool, &random) }
        switch random.next() % 6 {
        case 0: biography = ""
        case 1:
            biography =
                "\(person.name) is known as \"the quiet one\" on set.\n\nBorn in a small town, they said: "
                + "\"I never planned any of this.\"\r\nThey live with two cats, a dog; and a \\ backslash."
        default:
            biography = "\(person.name) works in \(person.department.lowercased()). \(UniverseText.overview(&random))"
        }
        homepage = random.next() % 8 == 0 ? "https://example.org/people/\(person.id)" : nil
    }

    /// `also_known_as` on `step`: the person's own aliases, then the name of the duplicate merged into them by then.
    func aliases(at step: Int) -> [String] {
        guard let duplicate = life.mergedDuplicate(at: step) else { return aliases }
        return aliases + [PersonPool.person(duplicate).name]
    }

    /// The `deathday` on `step`: the base one when dead before the epoch, the day of death after it.
    func deathday(at step: Int) -> String? {
        if life.diedBeforeEpoch { return baseDeathday }
        guard let deathStep = life.deathStep, deathStep <= step else { return nil }
        return titles.day(ofStep: deathStep).isoDate
    }

    private static let seed: UInt64 = 0x5045_5246_4143_5453
    private static let places = [
        "Los Angeles, California, USA", "London, England, UK", "Paris, France", "Tōkyō, Japan", "Lagos, Nigeria",
        "Mumbai, Maharashtra, India", "São Paulo, Brazil", "Seoul, South Korea", "Москва, Россия", "",
    ]
    private static let aliasPool = [
        "Джон Смит", "ジョン・スミス", "约翰·史密斯", "جون سميث", "Γιάννης Σμιθ", "존 스미스", "J. Smith",
        "Smith, John; \"Johnny\"", "יוחנן סמית", "จอห์น สมิธ",
    ]
}
