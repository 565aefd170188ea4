namespace RefitStj.Analyzers.Tests.Support;

/// <summary>
/// Builds the source of a small app: models, a Refit interface, a context and the call that creates the client (markup
/// location 0), so that each test shows only what it is about.
/// </summary>
internal static class Code
{
    public const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Net.Http;
        using System.Text.Json;
        using System.Text.Json.Serialization;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Extensions.DependencyInjection;
        using Refit;
        using RefitStj;
        """;

    public const string Models = """
        public sealed record Owner(string Login);
        public sealed record Repo(int Id, string Name, Owner Owner);
        public sealed record NewRepo(string Name);
        public sealed record Filter(string Q);
        public sealed record Page<T>(List<T> Items);
        """;

    /// <summary>The call most tests pair through: a generated client over the context's Default instance.</summary>
    public const string ForGenerated = "RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default) })";

    /// <summary>An app whose <c>IApi</c> has <paramref name="members"/> and whose context declares <paramref name="declared"/>.</summary>
    public static string App(string members, string[] declared, string create = ForGenerated) => $$"""
        {{Usings}}

        namespace App;

        {{Models}}

        public interface IApi
        {
        {{Indent(members)}}
        }

        {{Context(declared)}}

        public static class Clients
        {
            public static IApi Create(HttpClient http) => {|#0:{{create}}|};
        }
        """;

    /// <summary><c>AppJsonContext</c> declaring each of <paramref name="declared"/> (C# type names).</summary>
    public static string Context(string[] declared) =>
        string.Concat(declared.Select(type => $"[JsonSerializable(typeof({type}))]\n")) +
        "internal sealed partial class AppJsonContext : JsonSerializerContext\n{\n}";

    private static string Indent(string members) => string.Join('\n', members.Split('\n').Select(line => line.Length == 0 ? line : "    " + line.TrimStart()));
}
