/// The people of the universe's credits: a fixed pool, each person's common fields rendered once, so a credit list
/// of thousands is mostly copies.
enum PersonPool {
    /// How many people there are.
    static let count = 20_000

    /// TMDB person id of pool entry `index`.
    static func id(_ index: Int) -> Int {
        1_000 + index * 11
    }

    /// `{"adult":…,"gender":…,"id":…,"known_for_department":…,"name":…,"original_name":…,"popularity":…,
    /// "profile_path":…` of each person, without the closing brace: the fields every cast and crew entry starts with.
    static let fragments: [[UInt8]] = (0..<count).map(fragment)

    /// The department each person is known for, as in their fragment.
    static let departments: [String] = (0..<count).map { index in
        var random = SplitMix64(seed: seed, stream: UInt64(index))
        _ = random.next()
        return knownFor[Int(random.next() % UInt64(knownFor.count))]
    }

    /// The fields a pool entry's fragment carries, drawn from the index: any index, so people beyond the pool (who
    /// appear in no credit) are drawn alike.
    struct Person: Sendable, Equatable {
        var id: Int
        var adult: Bool
        /// TMDB's 0 (not set), 1 (female), 2 (male) or 3 (non-binary).
        var gender: Int
        var department: String
        var name: String
        var popularity: Double
        var profilePath: String?
    }

    static func person(_ index: Int) -> Person {
        var random = SplitMix64(seed: seed, stream: UInt64(index))
        let gender = Int(random.next() % 4)
        let department = knownFor[Int(random.next() % UInt64(knownFor.count))]
        let name = UniverseText.personName(&random)
        let popularity = (random.unitInterval() * random.unitInterval() * 40 * 1_000).rounded() / 1_000
        let id = id(index)
        let adult = random.next() % 500 == 0
        let profile = random.next() % 3 == 0 ? nil : ImagePath.derived(id: id, salt: profileSalt)
        return Person(
            id: id, adult: adult, gender: gender, department: department, name: name, popularity: popularity,
            profilePath: profile)
    }

    private static func fragment(_ index: Int) -> [UInt8] {
        let person = person(index)
        var json = JSONBuffer(capacity: 192)
        json.raw("{\"adult\":")
        json.bool(person.adult)
        json.raw(",\"gender\":")
        json.int(person.gender)
        json.raw(",\"id\":")
        json.int(person.id)
        json.raw(",\"known_for_department\":")
        json.string(person.department)
        json.raw(",\"name\":")
        json.string(person.name)
        json.raw(",\"original_name\":")
        json.string(person.name)
        json.raw(",\"popularity\":")
        json.number(person.popularity)
        json.raw(",\"profile_path\":")
        json.optionalString(person.profilePath)
        return json.bytes
    }

    private static let seed: UInt64 = 0x5045_5253_4F4E
    private static let profileSalt: UInt64 = 0x5052_4F46_494C_45
    private static let knownFor = [
        "Acting", "Acting", "Acting", "Directing", "Writing", "Production", "Sound", "Camera", "Editing", "Art",
        "Crew", "Costume & Make-Up", "Visual Effects", "Lighting",
    ]
}

/// TMDB's crew departments and some of their jobs.
enum CrewJobs {
    static let all: [(department: String, jobs: [String])] = [
        ("Directing", ["Director", "First Assistant Director", "Script Supervisor"]),
        ("Writing", ["Screenplay", "Writer", "Novel", "Story"]),
        ("Production", ["Producer", "Executive Producer", "Casting", "Line Producer", "Production Manager"]),
        ("Sound", ["Original Music Composer", "Sound Designer", "Boom Operator", "Sound Mixer"]),
        ("Camera", ["Director of Photography", "Camera Operator", "Steadicam Operator", "Still Photographer"]),
        ("Editing", ["Editor", "Colorist", "Assistant Editor"]),
        ("Art", ["Production Design", "Art Direction", "Set Decoration", "Props"]),
        ("Costume & Make-Up", ["Costume Design", "Makeup Artist", "Hairstylist"]),
        ("Visual Effects", ["Visual Effects Supervisor", "VFX Artist", "Compositor", "Animation"]),
        ("Crew", ["Stunt Coordinator", "Stunts", "Driver", "Catering"]),
        ("Lighting", ["Gaffer", "Electrician", "Rigging Grip"]),
    ]
}
