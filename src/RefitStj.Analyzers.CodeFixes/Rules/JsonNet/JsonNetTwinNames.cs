using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.CodeFixes.Rules.JsonNet;

/// <summary>
/// How RSTJ007's fix writes a System.Text.Json.Serialization type's name at a position of one document: short where it
/// already binds to that type; short, with the namespace's using added, where nothing of that name is in scope and the
/// file imports nothing from JSON.NET's namespace (the using would make JSON.NET's attributes ambiguous); fully qualified otherwise.
/// </summary>
internal sealed class JsonNetTwinNames
{
    private const string Namespace = "System.Text.Json.Serialization";

    private readonly SemanticModel _model;

    public JsonNetTwinNames(SemanticModel model) => _model = model;

    /// <summary>The positions where a name was written short on the promise of the using.</summary>
    public List<int> ShortWithUsing { get; } = [];

    /// <summary><paramref name="name"/> (an attribute without its suffix, or a type) as it is written at <paramref name="position"/>.</summary>
    public string Write(string name, int position)
    {
        var found = Lookup(name, position);
        if (found.Count > 0 && found.All(symbol => symbol.ContainingNamespace?.ToDisplayString() == Namespace))
        {
            return name;
        }

        if (found.Count == 0 && !ImportsJsonNet(position))
        {
            ShortWithUsing.Add(position);
            return name;
        }

        return $"{Namespace}.{name}";
    }

    /// <summary>The types <paramref name="name"/> binds to at <paramref name="position"/>, as an attribute name binds (with or without the suffix).</summary>
    private List<ISymbol> Lookup(string name, int position) =>
        _model.LookupNamespacesAndTypes(position, name: name)
            .Concat(name is "JsonIgnoreCondition" or "JsonStringEnumConverter" ? Enumerable.Empty<ISymbol>() : _model.LookupNamespacesAndTypes(position, name: name + "Attribute"))
            .Distinct(SymbolEqualityComparer.Default)
            .ToList();

    private bool ImportsJsonNet(int position) =>
        _model.LookupNamespacesAndTypes(position, name: "JsonPropertyAttribute").Any(s => s.ContainingNamespace?.ToDisplayString() == "Newtonsoft.Json")
        || _model.LookupNamespacesAndTypes(position, name: "JsonConvert").Any(s => s.ContainingNamespace?.ToDisplayString() == "Newtonsoft.Json");
}
