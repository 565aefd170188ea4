using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules;

/// <summary>
/// One rule, or rules read from one reading (RSTJ003 and RSTJ004 from one entry point): the descriptors it reports, and
/// for each compilation a <see cref="Reporter"/> that reads the pairing model. Each lives in its family's folder under
/// Rules/ (RSTJ005 and RSTJ006 share one), over the core and no other family; <see cref="RefitStjAnalyzer"/> lists every
/// subclass, so a new rule is its folder, its descriptors in <see cref="Descriptors"/>, its line in that list, its
/// release-notes line, its docs page and its tests.
/// </summary>
internal abstract class Rule
{
    /// <summary>The descriptors the rule reports; the analyzer supports their union.</summary>
    public abstract ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; }

    /// <summary>The rule over one compilation's model, or <see langword="null"/> where the compilation lacks a type it names.</summary>
    public abstract Reporter? Start(KnownSymbols known, PairingModel model);

    /// <summary>What a rule reports from the model of one compilation: each hook is called for every element the model reads.</summary>
    internal abstract class Reporter
    {
        /// <summary>
        /// A call that creates a Refit client, as the model reads it: in its callback; or at the end where its serializer is
        /// read from another file, or where it calls a generic wrapper that creates the client (<see cref="ClientCreation.Made"/>).
        /// </summary>
        public virtual void ReportCreation(DiagnosticSink context, ClientCreation creation)
        {
        }

        /// <summary>A Refit 16 context entry point, as the model reads it: in its callback, or at the end where its settings are read from another file.</summary>
        public virtual void ReportEntryPoint(DiagnosticSink context, ContextEntryPoint entryPoint)
        {
        }

        /// <summary>At the compilation's end: every client creation, those made through generic wrappers included.</summary>
        public virtual void ReportAtEnd(CompilationAnalysisContext context, IReadOnlyList<ClientCreation> creations)
        {
        }
    }
}
