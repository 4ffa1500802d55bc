extension String {
    /// nil for the empty string: TMDB sends `""` for a missing date or image path, and the models read it as absent.
    var nonEmpty: String? { isEmpty ? nil : self }
}
