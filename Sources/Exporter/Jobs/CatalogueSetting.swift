/// One of a catalogue's ``CatalogueSettings``, and what a change of it means.
struct CatalogueSetting: Sendable {
    /// As the job file spells it.
    let name: String
    /// Whether a change since the snapshot makes tonight's run fetch everything again (and keeps the snapshot's rows
    /// from being carried for failed ids): the snapshot's tables are not what the job now asks for.
    let forcesFullRun: Bool
    /// Why a shard's snapshot that differs from the job in it is not a part of the job (given the catalogue's type),
    /// or nil when the merge does not compare it.
    let refusesMerge: (@Sendable (_ type: String, SettingDifference) -> String)?
    private let differs: @Sendable (CatalogueSettings, CatalogueSettings) -> Bool
    private let text: @Sendable (CatalogueSettings) -> String
    private let recordedText: @Sendable (CatalogueSettings) -> String
    private let resumeKey: (@Sendable (CatalogueSettings) -> String)?

    /// - Parameters:
    ///   - text: the value in a message.
    ///   - recordedText: the value a snapshot recorded in a message, when it reads otherwise (nil recorded).
    ///   - resumeKey: its part of the catalogue's resume key; nil when a run may resume under another value, or when
    ///     the job's part of the key holds it (formats, language).
    init<Value: Equatable & Sendable>(
        _ name: String, _ property: KeyPath<CatalogueSettings, Value> & Sendable,
        text: @escaping @Sendable (Value) -> String, recordedText: (@Sendable (Value) -> String)? = nil,
        forcesFullRun: Bool = false, refusesMerge: (@Sendable (String, SettingDifference) -> String)? = nil,
        resumeKey: (@Sendable (Value) -> String)? = nil
    ) {
        self.name = name
        self.forcesFullRun = forcesFullRun
        self.refusesMerge = refusesMerge
        differs = { $0[keyPath: property] != $1[keyPath: property] }
        self.text = { text($0[keyPath: property]) }
        let recorded = recordedText ?? text
        self.recordedText = { recorded($0[keyPath: property]) }
        if let resumeKey {
            self.resumeKey = { resumeKey($0[keyPath: property]) }
        } else {
            self.resumeKey = nil
        }
    }

    func difference(_ before: CatalogueSettings, _ now: CatalogueSettings) -> SettingDifference? {
        guard differs(before, now) else { return nil }
        return SettingDifference(setting: self, before: recordedText(before), now: text(now))
    }

    func resumeKeyText(_ settings: CatalogueSettings) -> String? { resumeKey?(settings) }
}

/// A setting whose value differs between a snapshot's run (`before`) and the job (`now`).
struct SettingDifference: Sendable, CustomStringConvertible {
    let setting: CatalogueSetting
    let before: String
    let now: String

    /// `name: before → now`, without the colon.
    var description: String { "\(setting.name) \(before) → \(now)" }
}
