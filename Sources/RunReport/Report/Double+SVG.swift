extension Double {
    /// The number as an SVG coordinate: at most two decimals, `.` as the separator whatever the locale.
    package var svg: String {
        let rounded = (self * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
