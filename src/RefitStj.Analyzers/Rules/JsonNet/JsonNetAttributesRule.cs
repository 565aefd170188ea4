using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.Symbols;
using RefitStj.Analyzers.Core.Values;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>
/// RSTJ007: on every type a Refit client that may run on RefitStj sends or reads (<see cref="ClientWireTypes"/>), each
/// JSON.NET or DataContract attribute System.Text.Json ignores (<see cref="JsonNetAttributes"/>): at the attribute, with
/// the System.Text.Json twin the fix adds beside it, or with what to write where none exists; where the type is declared
/// in a referenced assembly, once per type at the interface's first such client. A client on Refit's own serializer
/// (Refit.Newtonsoft.Json's included) or whose serializer cannot be followed gets nothing. Reported once every creation is in.
/// </summary>
internal sealed class JsonNetAttributesRule : Rule
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptors.Rstj007JsonNetAttribute, Descriptors.Rstj007JsonNetAttributeWithoutTwin, Descriptors.Rstj007JsonNetAttributesInReference);

    /// <inheritdoc/>
    public override Reporter? Start(KnownSymbols known, PairingModel model) =>
        JsonNetAttributes.Create(known) is { } attributes ? new JsonNetAttributesReporter(known, model, attributes) : null;

    private sealed class JsonNetAttributesReporter : Reporter
    {
        private readonly KnownSymbols _known;
        private readonly PairingModel _model;
        private readonly JsonNetAttributes _attributes;

        public JsonNetAttributesReporter(KnownSymbols known, PairingModel model, JsonNetAttributes attributes)
        {
            _known = known;
            _model = model;
            _attributes = attributes;
        }

        public override void ReportAtEnd(CompilationAnalysisContext context, IReadOnlyList<ClientCreation> creations)
        {
            // Each interface (closed as its clients close it) with its first client that may run on RefitStj, by name.
            var clients = creations
                .Where(c => c.Api is not null && c.Serializer.Possible().Any(v => v.Kind is SerializerKind.StjOverContext or SerializerKind.StjGivenOptions or SerializerKind.StjReflection or SerializerKind.StjUnfollowed))
                .OrderBy(c => c.Location.SourceTree?.FilePath, StringComparer.Ordinal).ThenBy(c => c.Location.SourceSpan.Start)
                .GroupBy(c => c.Api!, SymbolEqualityComparer.Default)
                .Select(g => (Api: (INamedTypeSymbol)g.Key!, First: g.First()))
                .OrderBy(c => c.Api.ToDisplayString(), StringComparer.Ordinal)
                .ToList();

            // Each type once, with every direction any client puts it on the wire and the first interface that does.
            var types = new Dictionary<INamedTypeSymbol, (WireDirection Direction, string Api)>(SymbolEqualityComparer.Default);
            var order = new List<INamedTypeSymbol>();
            // What the clients on RefitStj's Refit 16 defaults put on the wire: there Refit 16's enum converter wins over an enum's twin.
            var onDefaults = _known.HasRefit16Wire
                ? creations.Where(c => c.Api is not null && c.Serializer.Possible().Any(v => v.Kind == SerializerKind.StjReflection)).Select(c => c.Api!).ToImmutableHashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default)
                : ImmutableHashSet<INamedTypeSymbol>.Empty;
            var defaultsWire = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
            foreach (var (api, first) in clients)
            {
                var inReference = new List<(INamedTypeSymbol Type, WireDirection Direction, List<JsonNetFinding> Findings)>();
                foreach (var pair in ClientWireTypes.Of(api, _model, _known))
                {
                    context.CancellationToken.ThrowIfCancellationRequested();
                    if (onDefaults.Contains(api))
                    {
                        defaultsWire.Add(pair.Key);
                    }

                    if (pair.Key is not INamedTypeSymbol type || !ClientWireTypes.IsOwnType(type))
                    {
                        continue;
                    }

                    if (!type.Locations.Any(l => l.IsInSource && _known.Compilation.ContainsSyntaxTree(l.SourceTree!)))
                    {
                        // What differs in the directions this client uses: a reply-only advice says nothing on a type only sent.
                        if (_attributes.Of(type).Where(f => f.Twins.Count > 0 || f.InsteadFor(pair.Value) is not null).ToList() is { Count: > 0 } found)
                        {
                            inReference.Add((type, pair.Value, found));
                        }

                        continue;
                    }

                    if (types.TryGetValue(type, out var seen))
                    {
                        types[type] = (seen.Direction | pair.Value, seen.Api);
                    }
                    else
                    {
                        types[type] = (pair.Value, api.Name);
                        order.Add(type);
                    }
                }

                foreach (var (type, direction, found) in inReference.OrderBy(r => r.Type.ToDisplayString(), StringComparer.Ordinal))
                {
                    var list = string.Join(", ", found.Select(f => $"{f.Attribute} on {f.Member}").Distinct());
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.Rstj007JsonNetAttributesInReference, first.Location, api.Name, Verb(direction), type.Name, list));
                }
            }

            // A generic type closed twice (Page<User>, Page<Repo>) carries the same attributes: each is reported once.
            var reported = new HashSet<(SyntaxTree?, Microsoft.CodeAnalysis.Text.TextSpan, bool)>();
            // The attributes are the definition's: their report says every direction any closed form goes on the wire.
            var directions = types.GroupBy(t => t.Key.OriginalDefinition, SymbolEqualityComparer.Default)
                .ToDictionary(g => g.Key!, g => g.Aggregate(WireDirection.None, (all, t) => all | t.Value.Direction), SymbolEqualityComparer.Default);
            foreach (var type in order)
            {
                var apiName = types[type].Api;
                var direction = directions[type.OriginalDefinition];
                foreach (var finding in _attributes.Of(type))
                {
                    // A finding about replies only says nothing on a type no client reads.
                    var instead = finding.InsteadFor(direction);
                    if ((finding.Twins.Count == 0 && instead is null) || (finding.FlagsEnum is { } flags && (!defaultsWire.Contains(flags) || ConvertedAtEveryUse(flags, defaultsWire, _known)))
                        || _known.LocationInCompilation(finding.Written) is not { } location || !reported.Add((location.SourceTree, location.SourceSpan, instead is null)))
                    {
                        continue;
                    }

                    context.ReportDiagnostic(instead is not null
                        ? Diagnostic.Create(Descriptors.Rstj007JsonNetAttributeWithoutTwin, location, finding.Attribute, finding.Member, apiName, Verb(direction), instead)
                        : Diagnostic.Create(Descriptors.Rstj007JsonNetAttribute, location, JsonNetTwin.Properties(finding.Twins), finding.Attribute, finding.Member, apiName, Verb(direction), finding.TwinsDisplay()));
                }
            }
        }

        /// <summary>
        /// Whether every use of <paramref name="flags"/> among the wire types is a property or field with System.Text.Json's
        /// own [JsonConverter], which wins over the options' enum converter; an element or type argument never is.
        /// </summary>
        private static bool ConvertedAtEveryUse(INamedTypeSymbol flags, HashSet<ITypeSymbol> wire, KnownSymbols known)
        {
            foreach (var type in wire)
            {
                if (type is IArrayTypeSymbol array && Is(array.ElementType, flags))
                {
                    return false;
                }

                if (type is not INamedTypeSymbol named || named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
                {
                    continue;
                }

                if (named.TypeArguments.Any(argument => Is(argument, flags)))
                {
                    return false;
                }

                foreach (var member in named.GetMembers())
                {
                    if (StjMembers.WrittenType(member, known, includeFields: false) is { } memberType && Is(memberType, flags) && !StjMembers.HasOwnConverter(member, known))
                    {
                        return false;
                    }
                }
            }

            return true;
        }

        private static bool Is(ITypeSymbol type, INamedTypeSymbol enumType) =>
            SymbolEqualityComparer.Default.Equals(type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : type, enumType);

        private static string Verb(WireDirection direction) => direction switch
        {
            WireDirection.Sends => "sends",
            WireDirection.Reads => "reads",
            _ => "sends and reads",
        };
    }
}
